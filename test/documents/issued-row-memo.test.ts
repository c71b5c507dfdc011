/**
 * main/features/documents/document-rows.ts keepIssuedRow/issuedRow (issue 14): the row a transaction has
 * just issued is answered from memory for the rest of it. It must be what a read of the row answers in that same
 * transaction, on SQLite and PostgreSQL, or a caller (the outbox queuing the mail, anything else that asks issuedRow)
 * sees different values depending on whether it runs in the issuing transaction.
 */
import { describe, expect, test } from 'vitest';
import { issuedRow } from '../../main/features/documents/document-rows.js';
import { issueNew } from '../../main/features/documents/issue.service.js';
import { inTx } from '../../main/ops/transaction.js';
import { startDocServer } from '../helpers/documents.js';

describe('issuedRow inside the issuing transaction', () => {
  test('answers exactly what a read of the row answers (same columns, same values and types)', async () => {
    const t = await startDocServer({ today: '2026-03-15' });
    try {
      await inTx(t.app.ctx, async (tctx) => {
        const issued = await issueNew(tctx, 'invoice', { recipient: { number: t.company }, invoiceDate: '2026-03-02', items: [{ productCode: 'A1', quantity: 2 }] });
        const number = (issued as { number?: number }).number ?? (issued as { row?: { number: number } }).row?.number;
        const kept = await issuedRow(tctx, 'invoice', number!);
        const read = await tctx.db.selectFrom('documents').selectAll().where('kind', '=', 'invoice').where('number', '=', number!).executeTakeFirstOrThrow();
        expect(kept).toEqual(read);
        expect(Object.keys(kept!).sort()).toEqual(Object.keys(read).sort());
      });
    } finally {
      await t.close();
    }
  });
});
