/**
 * Spec 4.4: a paper address given when a dunning is sent updates the address used for that invoice's mail (kept in
 * the outbox's document_mail_addresses beside the invoice; the issued invoice itself never changes). The outbox keeps
 * addresses only for documents with a row in `documents`, so the dunning keeps it for its invoice here.
 */
import type { AppContext } from '../../context.js';
import { countryCode } from '../common/index.js';
import type { DeliveryOptions } from '../sending/index.js';

export async function keepInvoiceMailAddress(ctx: AppContext, dunningNumber: number, options: DeliveryOptions): Promise<void> {
  const trx = ctx.db;
  const p = options.paper;
  if (!p || !Object.keys(p).length) return; // already checked by the outbox: zip, city and country are there
  const row = await trx.selectFrom('dunnings').select('document_id').where('number', '=', dunningNumber).executeTakeFirstOrThrow();
  const a = {
    address1: p.address1?.trim() || null,
    address2: p.address2?.trim() || null,
    zip: (p.zip ?? '').trim(),
    city: (p.city ?? '').trim(),
    country: countryCode((p.country ?? '').trim()) ?? 'NO',
    updated_at: ctx.clock.timestamp(),
  };
  await trx
    .insertInto('document_mail_addresses')
    .values({ document_id: row.document_id, ...a })
    .onConflict((oc) => oc.column('document_id').doUpdateSet(a))
    .execute();
}
