/**
 * How recurring and mass invoices go out: the delivery options of spec 4.4 as POST /invoices/ takes them, or
 * `{preferred: true}`: each customer's own way (spec 4.5's default: EHF when they take EHF, else e-mail to their address
 * or paper as they or Settings prefer), so one choice serves many customers.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { DeliveryOptions } from './outbox.js';
import { methodsFor } from './shipment-methods.js';
import { notFound } from '../../ops/errors.js';

export const ShipmentChoice = Type.Object(
  {
    ...DeliveryOptions.properties,
    preferred: Type.Optional(Type.Boolean({ description: "true: each customer's preferred method (EHF, e-mail to their address, or paper), added to the options given" })),
  },
  { additionalProperties: false },
);
export type ShipmentChoice = Static<typeof ShipmentChoice>;

/** The delivery options for one customer's invoice. */
export async function deliveryFor(tctx: AppContext, recipientNumber: number, choice: ShipmentChoice, international: boolean): Promise<DeliveryOptions> {
  const { preferred, ...options } = choice;
  if (!preferred) return options;
  const out: DeliveryOptions = { ...options };
  // One read of the customer for both the rules of 4.5 and the address.
  const r = await tctx.db
    .selectFrom('recipients')
    .select(['email', 'org_number', 'ehf_capable', 'efaktura', 'avtalegiro', 'default_shipment', 'deleted'])
    .where('number', '=', recipientNumber)
    .executeTakeFirst();
  if (!r || r.deleted) throw notFound('recipient', { number: recipientNumber });
  const methods = await methodsFor(tctx, r, 'invoice', { international });
  let wanted = methods.default.map((m) => (m === 'eFaktura' || m === 'avtaleGiro' ? (methods.available.includes('email') ? 'email' : 'paper') : m));
  if (!wanted.length) wanted = ['paper'];
  for (const m of new Set(wanted)) {
    if (m === 'ehf') out.ehf = {};
    else if (m === 'paper') out.paper = out.paper ?? {};
    else if (m === 'email' && r.email && !(out.email ?? []).some((e) => e.address.toLowerCase() === r.email!.toLowerCase())) {
      out.email = [...(out.email ?? []), { address: r.email }];
    }
  }
  return out;
}
