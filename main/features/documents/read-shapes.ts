/**
 * The read shapes every document kind answers with (spec 2.2-2.4 and the offer/order-confirmation shapes): parties,
 * delivery address and items. The international block is in international.ts.
 */
import type { PartySnapshot } from '../../render/document-view.js';
import type { VatCategory } from '../../domain/totals.js';
import { fromScaled, oreToKr } from '../../domain/money.js';
import { countryName } from '../common/index.js';
import type { LineRow } from './document-rows.js';

/** A party's country (always set: recipients and the company require one) by name. */
const partyCountry = (code: string) => countryName(code);
const country = (code: string | null | undefined) => (code ? countryName(code) : null);

export type Snapshot = PartySnapshot & { icd?: number | null };

/** The recipient block; `number` is the document's recipient (older snapshots do not carry it). */
export function recipientShape(p: Snapshot, number: number) {
  return {
    number,
    customerNumber: p.customerNumber ?? null,
    name: p.name,
    email: p.email ?? null,
    mobile: p.mobile ?? null,
    address: partyAddress(p),
    organisationNumber: p.orgNumber ?? null,
    icd: p.icd === null || p.icd === undefined ? null : String(p.icd).padStart(4, '0'),
  };
}

function partyAddress(p: Snapshot) {
  return { address1: p.address1 ?? null, address2: p.address2 ?? null, zip: p.zip, city: p.city, country: partyCountry(p.country) };
}

/** The originator frozen on an issued document (issuing always stores it, and refuses without an org number: party.ts). */
export function originatorShape(p: Snapshot) {
  return {
    name: p.name,
    fax: p.fax ?? null,
    phone: p.phone ?? null,
    mobile: p.mobile ?? null,
    web: p.web ?? null,
    organisationNumber: p.orgNumber!,
    address: partyAddress(p),
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

/** An issued line: itemFields and its amounts, written out (lists shape every line of every document with it). */
export function itemShape(l: LineRow) {
  return {
    number: l.line_no,
    quantity: quantity(l.quantity_milli),
    productCode: l.product_code,
    description: l.description,
    unitPrice: oreToKr(l.unit_price),
    discount: percent(l.discount),
    taxRate: percent(l.tax_rate),
    total: oreToKr(l.total),
    totalWithoutTax: oreToKr(l.net),
  };
}

/** A draft's line in the lists (2.4). */
export const draftItemShape = itemFields;

/** A draft's line for the editor: also its unit, VAT category and exemption reason. */
export function draftItemDetail(l: LineRow) {
  return { ...itemFields(l), unit: l.unit, vatCategory: l.vat_category as VatCategory, exemptionReason: l.exemption_reason };
}
