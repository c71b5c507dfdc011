/**
 * Type-level test of the transaction context, run by `npm run typecheck`: every `@ts-expect-error` below must be an
 * error, or tsc fails with "Unused '@ts-expect-error'". Only inTx and the group commit make a transaction context
 * (TxCtx), so audit() and the helpers that must run in their caller's transaction cannot be handed a plain context, a
 * bare transaction or a context built by hand around one. Nothing here runs.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../main/context';
import { audit, auditMany } from '../../main/features/audit/audit.service';
import { queueMessage } from '../../main/features/sending/outbox';
import { inTx, type TxCtx } from '../../main/ops/transaction';
import { forgetTxMemo, txMemo } from '../../main/ops/tx-memo';

export async function txContextCases(ctx: AppContext, trx: Kysely<Database>): Promise<void> {
  await inTx(ctx, async (tctx) => {
    await audit(tctx, 'label', 1, 'create');
    await auditMany(tctx, [{ entity: 'label', entityId: 1, action: 'create' }]);
    // Spread with more fields, it stays the same transaction's context.
    const more = { ...tctx, extra: 1 };
    await audit(more, 'label', 1, 'update');
    const kept: Map<string, unknown> = tctx.memo;
    void kept;
    forgetTxMemo(tctx, 'label:');
    const app: AppContext = tctx; // a transaction context is a context: services take it as they take ctx
    void app;
    await queueMessage(tctx, { to: 'a@example.no', subject: 's', text: 't' });
  });

  // @ts-expect-error the application's context is not a transaction
  await audit(ctx, 'label', 1, 'create');
  // @ts-expect-error a bare transaction carries no clock, actor or memo
  await audit(trx, 'label', 1, 'create');
  // @ts-expect-error a context built by hand around a transaction is not one inTx made
  await audit({ ...ctx, db: trx }, 'label', 1, 'create');
  // @ts-expect-error auditMany likewise
  await auditMany(ctx, []);
  // @ts-expect-error a helper that writes in its caller's transaction (and audits) takes the transaction context
  await queueMessage(ctx, { to: 'a@example.no', subject: 's', text: 't' });
  // @ts-expect-error forgetting is for a transaction's memo
  forgetTxMemo(ctx, 'label:');
  // @ts-expect-error the memo is looked up from a context, not from a bare database handle
  txMemo(trx);
  const none: undefined | Map<string, unknown> = txMemo(ctx); // outside a transaction: undefined at run time
  void none;
  const hand: TxCtx | null = null;
  void hand;
}
