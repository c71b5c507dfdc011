/** The outbox as the user sees it: the list (queued, failed, delivered, the print queue), retry, printed, the paper PDF. */
import type { AppContext } from '../../context.js';
import { countryName } from '../common/index.js';
import { audit } from '../audit/index.js';
import { issuedPath } from '../documents/core.js';
import { conflict, notFound } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { documentSources, type PostalAddress } from './document-source.js';
import { notifyQueued, type SentDocumentType, type ShipmentMethod, type ShipmentStatus } from './outbox.js';
import type { OutboxRow } from './deliver.js';
import { publish } from '../../push/bus.js';

export interface OutboxEntry {
  id: number;
  method: ShipmentMethod;
  recipientAddress: string;
  /** Paper: the postal address printed in the envelope window. */
  postalAddress: (Omit<PostalAddress, 'country'> & { country: string }) | null;
  status: ShipmentStatus;
  description: string;
  document: { type: string; number: number; uri: string | null };
  attempts: number;
  lastError: string | null;
  /**
   * The catalogue code of lastError (main/ops/error-codes.ts), for clients that word it themselves; null when it has none.
   * SMTP_NOT_SET_UP, SENDER_NOT_SET_UP and SMS_GATEWAY_NOT_SET_UP: the shipment waits (IN_PROGRESS) for Innstillinger → E-post.
   */
  lastErrorCode: string | null;
  /** What lastError is built from (with lastErrorCode), or null. */
  lastErrorParams: Record<string, string | number> | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const DOC_PATH: Record<string, (n: number) => string> = {
  invoice: (n) => issuedPath('invoice', n),
  'credit-note': (n) => issuedPath('credit-note', n),
  offer: (n) => issuedPath('offer', n),
  'order-confirmation': (n) => issuedPath('order-confirmation', n),
  dunning: (n) => `/dunnings/${n}`,
};

function entry(r: OutboxRow): OutboxEntry {
  const p = r.method === 'paper' ? (JSON.parse(r.payload) as { address?: PostalAddress | null }) : null;
  return {
    id: r.id,
    method: r.method as ShipmentMethod,
    recipientAddress: r.method === 'paper' ? '' : r.address,
    postalAddress: p?.address ? { ...p.address, country: countryName(p.address.country) } : null,
    status: r.status as ShipmentStatus,
    description: r.description,
    document: { type: r.ref_type, number: r.ref_number, uri: DOC_PATH[r.ref_type]?.(r.ref_number) ?? null },
    attempts: r.attempts,
    lastError: r.last_error,
    lastErrorCode: r.last_error_code ?? null,
    lastErrorParams: r.last_error_params ? (JSON.parse(r.last_error_params) as Record<string, string | number>) : null,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at.slice(0, 16),
    deliveredAt: r.delivered_at?.slice(0, 16) ?? null,
  };
}

export interface OutboxFilter {
  status?: ShipmentStatus;
  method?: ShipmentMethod;
}

/** Newest first, paged in SQL. */
export async function listOutbox(ctx: AppContext, f: OutboxFilter, limit: number, offset: number): Promise<{ items: OutboxEntry[]; total: number }> {
  let base = ctx.db.selectFrom('outbox');
  if (f.status) base = base.where('status', '=', f.status);
  if (f.method) base = base.where('method', '=', f.method);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(entry), total: Number(count.n) };
}

async function rowOf(ctx: AppContext, id: number): Promise<OutboxRow> {
  const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('shipment', { id });
  return row;
}

export async function getOutboxEntry(ctx: AppContext, id: number): Promise<OutboxEntry> {
  return entry(await rowOf(ctx, id));
}

/** A NOT_DELIVERED shipment goes back in the queue and is tried at once. */
export async function retryShipment(ctx: AppContext, id: number): Promise<OutboxEntry> {
  // Checked and changed in one transaction (inTx: the audit entry names the actor; two retries at once change it once).
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const row = await rowOf(tctx, id);
    if (row.status !== 'NOT_DELIVERED') throw conflict(`Shipment ${id} is ${row.status}; only a NOT_DELIVERED shipment can be retried`);
    await trx.updateTable('outbox').set({ status: 'IN_PROGRESS', next_attempt_at: null, last_error: null, last_error_code: null, last_error_params: null, updated_at: ctx.clock.timestamp() }).where('id', '=', id).execute();
    await audit(tctx, 'shipment', id, 'retry');
  });
  publish(ctx, { type: 'shipment', id, status: 'IN_PROGRESS' });
  notifyQueued();
  return getOutboxEntry(ctx, id);
}

/** The print queue: a paper shipment that has been printed (and posted) is DELIVERED. */
export async function markPrinted(ctx: AppContext, id: number): Promise<OutboxEntry> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const row = await rowOf(tctx, id);
    if (row.method !== 'paper') throw conflict(`Shipment ${id} is ${row.method}, not paper`);
    if (row.status !== 'IN_PROGRESS') throw conflict(`Shipment ${id} is already ${row.status}`);
    const at = ctx.clock.timestamp();
    await trx.updateTable('outbox').set({ status: 'DELIVERED', delivered_at: at, updated_at: at }).where('id', '=', id).execute();
    await audit(tctx, 'shipment', id, 'printed');
  });
  publish(ctx, { type: 'shipment', id, status: 'DELIVERED' });
  return getOutboxEntry(ctx, id);
}

/** The PDF of a paper shipment, with its postal address in the envelope window. */
export async function shipmentPdf(ctx: AppContext, id: number): Promise<{ filename: string; data: Buffer }> {
  const row = await rowOf(ctx, id);
  const source = documentSources[row.ref_type as SentDocumentType];
  if (!source) throw notFound('shipment-pdf', { id });
  const p = row.method === 'paper' ? (JSON.parse(row.payload) as { address?: PostalAddress | null }) : {};
  return source.pdf(ctx, row.ref_number, { address: p.address ?? null });
}
