/**
 * Issue and send in one transaction: the issue paths take an optional `shipment` (the delivery options of spec 4.4),
 * so a document is never issued while its sending silently failed; a refused shipment leaves no document behind.
 */
import { OptionalBody } from '../../ops/one-or-many.js';
import { Type, type Static, type TObject, type TOptional } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { assertSchema } from '../../ops/validate.js';
import { DraftInput } from '../documents/core.js';
import type { Issued } from '../documents/core.js';
import { DeliveryOptions, queueDocumentShipments, type ShipmentView } from './outbox.js';

/** POST /invoices/: a draft body plus `shipment`. */
export const DraftWithShipment = {
  ...DraftInput,
  properties: { ...DraftInput.properties, shipment: Type.Optional(DeliveryOptions) },
} as unknown as TObject<typeof DraftInput.properties & { shipment: TOptional<typeof DeliveryOptions> }>;
export type DraftWithShipment = Static<typeof DraftInput> & { shipment?: DeliveryOptions };

/** The issue paths of drafts: no body, `{}` or `{shipment}`. */
const IssueBodySchema = Type.Object({ shipment: Type.Optional(DeliveryOptions) });
export const IssueBody = OptionalBody(IssueBodySchema, 'nothing, {} or {shipment: delivery options of spec 4.4}');

export function shipmentOf(body: unknown): DeliveryOptions | undefined {
  if (body === undefined || body === null) return undefined;
  assertSchema(IssueBodySchema, body);
  return (body as { shipment?: DeliveryOptions }).shipment;
}

/** Runs `issue` and queues `shipment` for the issued document in the same transaction; field errors name `shipment.…`. */
export async function issueAndSend(
  ctx: AppContext,
  issue: (tctx: AppContext) => Promise<Issued>,
  shipment: DeliveryOptions | undefined,
): Promise<Issued & { shipments: ShipmentView[] | null }> {
  return inTx(ctx, async (tctx) => {
    const issued = await issue(tctx);
    if (!shipment) return { ...issued, shipments: null };
    try {
      const shipments = await queueDocumentShipments(tctx, { type: issued.kind, number: issued.number }, shipment);
      return { ...issued, shipments };
    } catch (e) {
      if (e instanceof OpError && e.fields.length) {
        throw new OpError(e.code, `${e.message} (nothing was issued)`, e.fields.map((f) => ({ ...f, field: `shipment.${f.field}` })));
      }
      throw e;
    }
  });
}

/** The 201 body gains `shipments` only when a shipment was asked for (the shapes stay as they were otherwise). */
export const withShipments = (issued: { shipments: ShipmentView[] | null }) => (issued.shipments ? { shipments: issued.shipments } : {});
