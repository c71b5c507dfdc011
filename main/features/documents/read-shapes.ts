/**
 * The read shapes every document kind answers with (spec 2.2-2.4 and the offer/order-confirmation shapes): parties,
 * delivery address and items. The international block is in international.ts.
 */
import type { PartySnapshot } from '../../render/document-view.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { countryName } from '../common/countries.js';
import type { LineRow } from './document-rows.js';

const country = (code: string | null | undefined) => (code ? countryName(code) : null);

export type Snapshot = PartySnapshot & { icd?: number | null };

export function recipientShape(p: Snapshot) {
  return {
    number: p.recipientNumber ?? null,
    customerNumber: p.customerNumber ?? null,
    name: p.name,
    email: p.email ?? null,
    mobile: p.mobile ?? null,
    address: { address1: p.address1 ?? null, address2: p.address2 ?? null, zip: p.zip, city: p.city, country: country(p.country) },
    organisationNumber: p.orgNumber ?? null,
    icd: p.icd === null || p.icd === undefined ? null : String(p.icd).padStart(4, '0'),
  };
}

export function originatorShape(p: Snapshot | null) {
  if (!p) return null;
  return {
    name: p.name,
    fax: p.fax ?? null,
    phone: p.phone ?? null,
    mobile: p.mobile ?? null,
    web: p.web ?? null,
    organisationNumber: p.orgNumber ?? null,
    address: { address1: p.address1 ?? null, address2: p.address2 ?? null, zip: p.zip, city: p.city, country: country(p.country) },
  };
}

export function deliveryAddressShape(json: string | null) {
  if (!json) return null;
  const a = JSON.parse(json) as { address: string | null; zip: string | null; city: string | null; country: string | null };
  return { address: a.address, zip: a.zip, city: a.city, country: country(a.country) };
}

const quantity = (milli: number) => fromScaled(milli, 3);
const percent = (hundredths: number) => fromScaled(hundredths, 2);

/** What an item says in every shape: the line as written, without its computed amounts. */
function itemFields(l: LineRow) {
  return {
    number: l.line_no,
    quantity: quantity(l.quantity_milli),
    productCode: l.product_code,
    description: l.description,
    unitPrice: oreToKr(l.unit_price),
    discount: percent(l.discount),
    taxRate: percent(l.tax_rate),
  };
}

export function itemShape(l: LineRow) {
  return { ...itemFields(l), total: oreToKr(l.total), totalWithoutTax: oreToKr(l.net) };
}

export function draftItemShape(l: LineRow, extended: boolean) {
  const base = itemFields(l);
  return extended ? { ...base, unit: l.unit, vatCategory: l.vat_category, exemptionReason: l.exemption_reason } : base;
}
