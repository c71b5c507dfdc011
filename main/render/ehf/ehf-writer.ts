/**
 * EHF 3.0 = Peppol BIS Billing 3.0 (UBL 2.1) writer for invoices and credit notes.
 *
 * Pure: reads a computed DocumentView and never computes business figures beyond mapping them to UBL
 * (line gross amount for the discount allowance, sign normalisation of credit notes).
 * Every document written must pass ../shared/peppol/validate-ehf (UBL XSD + EN 16931 + Peppol incl. NO-R-*).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { DocumentView, LineView, PartySnapshot, VatBreakdown, VatCategory } from '../document-view';
import { formatDecimal2, formatPercentDecimal, formatQuantityDecimal, needsForetaksregisteret } from '../format';
import { partyIdentity, schemeOf, type PartyIdentity } from '../../domain/party-ids.js';

const NS_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const NS_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export const EHF_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const EHF_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** ISO 6523 ICD for Norwegian organisation numbers (9908 is the retired EHF 2.0 code). */
export const NORWEGIAN_ORG_SCHEME = '0192';

/** Message of the error thrown when the buyer has no organisation number (the caller maps it to HTTP 400). */
export const EHF_NEEDS_BUYER_ORG = "EHF needs the recipient's organisation number";

/** Thrown when the buyer has no organisation number; callers test `instanceof` (or `code`), never the message. */
export class BuyerOrgMissing extends Error {
  readonly code = 'EHF_NEEDS_ORG_NUMBER';
  constructor() {
    super(EHF_NEEDS_BUYER_ORG);
  }
}

/** Thrown when the buyer's identifier is not valid in its scheme (its ICD), or the scheme is not one Kvitt writes. */
export class BuyerIdInvalid extends Error {
  readonly code = 'EHF_BUYER_ID_INVALID';
  constructor(readonly scheme: string, readonly value: string) {
    super(`The recipient's identifier ${value} is not a valid identifier of scheme ${scheme} (ICD)`);
  }
}

/** The buyer's scheme and identifier as the EHF writes them; throws BuyerOrgMissing / BuyerIdInvalid. */
export function buyerIdentity(buyer: PartySnapshot): PartyIdentity {
  const raw = nonEmpty(buyer.orgNumber);
  if (!raw) throw new BuyerOrgMissing();
  const id = partyIdentity(buyer.icd ?? null, raw);
  if (!id) throw new BuyerIdInvalid(schemeOf(buyer.icd ?? null), raw);
  return id;
}

/** Fallback exemption reasons (Norwegian) when the document carries none. */
const DEFAULT_REASON: Record<'E' | 'O', string> = {
  E: 'Unntatt fra merverdiavgift',
  O: 'Selger er ikke registrert i Merverdiavgiftsregisteret',
};

/** Free-text units (Norwegian and English) -> UN/ECE Recommendation 20/21 codes. Unknown units give C62 (one). */
const UNIT_CODES: Record<string, string> = {
  stk: 'EA', 'stk.': 'EA', stykk: 'EA', pcs: 'EA', ea: 'EA', each: 'EA',
  t: 'HUR', time: 'HUR', timer: 'HUR', 't.': 'HUR', h: 'HUR', hour: 'HUR', hours: 'HUR', hrs: 'HUR',
  min: 'MIN', minutt: 'MIN', minutter: 'MIN',
  dag: 'DAY', dager: 'DAY', 'døgn': 'DAY', day: 'DAY', days: 'DAY',
  uke: 'WEE', uker: 'WEE', week: 'WEE',
  mnd: 'MON', 'mnd.': 'MON', 'måned': 'MON', 'måneder': 'MON', month: 'MON',
  'år': 'ANN', year: 'ANN',
  kg: 'KGM', g: 'GRM', tonn: 'TNE', tonne: 'TNE',
  l: 'LTR', liter: 'LTR', ml: 'MLT',
  m: 'MTR', meter: 'MTR', cm: 'CMT', mm: 'MMT', km: 'KMT',
  m2: 'MTK', 'm²': 'MTK', kvm: 'MTK', m3: 'MTQ', 'm³': 'MTQ',
  kwh: 'KWH',
  // Packages are UN/ECE Rec 21 codes, written with the X prefix of Rec 20's list (BR-CL-23: plain PK and CT fail).
  par: 'PR', sett: 'SET', set: 'SET', pk: 'XPK', pakke: 'XPK', pakker: 'XPK', eske: 'XCT', kartong: 'XCT',
};

/** UN/ECE unit code for a free-text unit ("stk", "timer", "kg"); C62 ("one") when unknown or empty. */
export function unitCodeFor(unit: string | null | undefined): string {
  if (!unit) return 'C62';
  const key = unit.trim().toLowerCase();
  if (UNIT_CODES[key]) return UNIT_CODES[key];
  // Already a UN/ECE code (e.g. "HUR", "EA", "C62")?
  if (/^[A-Z0-9]{2,3}$/.test(unit.trim())) return unit.trim();
  return 'C62';
}

type Node = XMLBuilder;

function cbc(parent: Node, name: string, text: string | number, attrs?: Record<string, string>): Node {
  parent.ele(NS_CBC, `cbc:${name}`, attrs).txt(String(text));
  return parent;
}

function cac(parent: Node, name: string): Node {
  return parent.ele(NS_CAC, `cac:${name}`);
}

function nonEmpty(s: string | null | undefined): string | null {
  const t = s?.trim();
  return t ? t : null;
}

function orgDigits(org: string | null | undefined): string | null {
  const d = org?.replace(/\s+/g, '');
  return d ? d : null;
}

interface Ctx {
  currency: string;
  /** +1, or -1 when a credit note carries negative amounts (UBL credit notes state credited amounts positive). */
  sign: 1 | -1;
  vatRegistered: boolean;
}

function amount(parent: Node, name: string, ore: number, ctx: Ctx, currency = ctx.currency): Node {
  return cbc(parent, name, formatDecimal2(ore * ctx.sign), { currencyID: currency });
}

function effectiveCategory(category: VatCategory, ctx: Ctx): VatCategory {
  return ctx.vatRegistered ? category : 'O';
}

function taxCategory(parent: Node, elementName: 'TaxCategory' | 'ClassifiedTaxCategory', category: VatCategory,
  rateHundredths: number, reason: string | null): void {
  const tc = cac(parent, elementName);
  cbc(tc, 'ID', category);
  // BR-O-05 / BR-O-14: "not subject to VAT" carries no rate; all other categories do (0 for Z and E).
  if (category !== 'O') cbc(tc, 'Percent', category === 'S' ? formatPercentDecimal(rateHundredths) : '0');
  if (elementName === 'TaxCategory' && (category === 'E' || category === 'O')) {
    cbc(tc, 'TaxExemptionReason', reason ?? DEFAULT_REASON[category]);
  }
  cbc(cac(tc, 'TaxScheme'), 'ID', 'VAT');
}

function address(parent: Node, p: { address1?: string | null; address2?: string | null; zip?: string | null; city?: string | null; country?: string | null }): void {
  const a = cac(parent, 'PostalAddress');
  const street = nonEmpty(p.address1);
  const street2 = nonEmpty(p.address2);
  if (street) cbc(a, 'StreetName', street);
  if (street2) cbc(a, 'AdditionalStreetName', street2);
  if (nonEmpty(p.city)) cbc(a, 'CityName', p.city!.trim());
  if (nonEmpty(p.zip)) cbc(a, 'PostalZone', p.zip!.trim());
  cbc(cac(a, 'Country'), 'IdentificationCode', (nonEmpty(p.country) ?? 'NO').toUpperCase());
}

function supplierParty(root: Node, seller: PartySnapshot, ourReference: string | null, ctx: Ctx): void {
  const org = orgDigits(seller.orgNumber);
  if (!org) throw new Error("EHF needs the seller's organisation number");
  const party = cac(cac(root, 'AccountingSupplierParty'), 'Party');
  cbc(party, 'EndpointID', org, { schemeID: NORWEGIAN_ORG_SCHEME });
  cbc(cac(party, 'PartyName'), 'Name', seller.name);
  address(party, seller);
  if (ctx.vatRegistered) {
    const ts = cac(party, 'PartyTaxScheme');
    cbc(ts, 'CompanyID', `NO${org}MVA`);
    cbc(cac(ts, 'TaxScheme'), 'ID', 'VAT');
  }
  if (needsForetaksregisteret(seller.orgForm)) {
    // NO-R-002: AS, ASA and NUF print "Foretaksregisteret" (foretaksregisterloven § 10-2).
    const ts = cac(party, 'PartyTaxScheme');
    cbc(ts, 'CompanyID', 'Foretaksregisteret');
    cbc(cac(ts, 'TaxScheme'), 'ID', 'TAX');
  }
  const legal = cac(party, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', seller.name);
  cbc(legal, 'CompanyID', org, { schemeID: NORWEGIAN_ORG_SCHEME });
  const phone = nonEmpty(seller.phone) ?? nonEmpty(seller.mobile);
  const email = nonEmpty(seller.email);
  if (ourReference || phone || email) {
    const contact = cac(party, 'Contact');
    if (ourReference) cbc(contact, 'Name', ourReference);
    if (phone) cbc(contact, 'Telephone', phone);
    if (email) cbc(contact, 'ElectronicMail', email);
  }
}

function customerParty(root: Node, buyer: PartySnapshot, yourReference: string | null): void {
  const who = buyerIdentity(buyer);
  const party = cac(cac(root, 'AccountingCustomerParty'), 'Party');
  // BT-49: the buyer's electronic address in the scheme its identifier belongs to (EAS code list).
  cbc(party, 'EndpointID', who.id, { schemeID: who.scheme });
  // BT-46: the buyer identifier: the customer number (no scheme), else an ICD identifier with its scheme.
  const customerNumber = nonEmpty(buyer.customerNumber);
  if (customerNumber) cbc(cac(party, 'PartyIdentification'), 'ID', customerNumber);
  else if (who.icd) cbc(cac(party, 'PartyIdentification'), 'ID', who.id, { schemeID: who.icd });
  cbc(cac(party, 'PartyName'), 'Name', buyer.name);
  address(party, buyer);
  if (who.vatNumber) {
    // BT-48: a VAT number scheme (9930 German VAT …) is the buyer's VAT identifier, with its country prefix.
    const ts = cac(party, 'PartyTaxScheme');
    cbc(ts, 'CompanyID', who.vatNumber);
    cbc(cac(ts, 'TaxScheme'), 'ID', 'VAT');
  }
  const legal = cac(party, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', buyer.name);
  // BT-47: the legal registration identifier only for ISO 6523 schemes (BR-CL-11); VAT numbers are no registration.
  if (who.icd) cbc(legal, 'CompanyID', who.id, { schemeID: who.icd });
  const phone = nonEmpty(buyer.phone) ?? nonEmpty(buyer.mobile);
  const email = nonEmpty(buyer.email);
  if (yourReference || phone || email) {
    const contact = cac(party, 'Contact');
    if (yourReference) cbc(contact, 'Name', yourReference);
    if (phone) cbc(contact, 'Telephone', phone);
    if (email) cbc(contact, 'ElectronicMail', email);
  }
}

function delivery(root: Node, doc: DocumentView): void {
  const d = doc.deliveryAddress;
  const hasAddress = !!d && !!(nonEmpty(d.address) || nonEmpty(d.zip) || nonEmpty(d.city));
  if (!doc.deliveryDate && !hasAddress) return;
  const del = cac(root, 'Delivery');
  if (doc.deliveryDate) cbc(del, 'ActualDeliveryDate', doc.deliveryDate.slice(0, 10));
  if (hasAddress && d) {
    const a = cac(cac(del, 'DeliveryLocation'), 'Address');
    if (nonEmpty(d.address)) cbc(a, 'StreetName', d.address!.trim());
    if (nonEmpty(d.city)) cbc(a, 'CityName', d.city!.trim());
    if (nonEmpty(d.zip)) cbc(a, 'PostalZone', d.zip!.trim());
    cbc(cac(a, 'Country'), 'IdentificationCode', (nonEmpty(d.country) ?? doc.buyer.country ?? 'NO').toUpperCase());
  }
}

/** Writes cac:PaymentMeans when there is anything to pay to; returns whether it did. */
function paymentMeans(root: Node, doc: DocumentView, isInvoice: boolean): boolean {
  const kid = nonEmpty(doc.kid)?.replace(/\s+/g, '') ?? null;
  const bban = nonEmpty(doc.seller.bankAccount)?.replace(/[\s.]+/g, '') ?? null;
  const iban = nonEmpty(doc.seller.iban)?.replace(/\s+/g, '').toUpperCase() ?? null;
  const bic = nonEmpty(doc.seller.bic)?.replace(/\s+/g, '').toUpperCase() ?? null;
  if (!kid && !bban && !iban) return false;
  const pm = cac(root, 'PaymentMeans');
  // 30 = credit transfer (Norwegian BBAN); 58 = SEPA credit transfer (IBAN) when there is no BBAN.
  const useIban = !bban && !!iban;
  cbc(pm, 'PaymentMeansCode', useIban ? '58' : '30');
  // UBL 2.1 CreditNote has no DueDate element: its due date goes here (BT-9).
  if (!isInvoice && doc.dueDate) cbc(pm, 'PaymentDueDate', doc.dueDate.slice(0, 10));
  if (kid) cbc(pm, 'PaymentID', kid);
  const account = bban ?? iban;
  if (account) {
    const fa = cac(pm, 'PayeeFinancialAccount');
    cbc(fa, 'ID', account);
    if (useIban && bic) cbc(cac(fa, 'FinancialInstitutionBranch'), 'ID', bic);
  }
  return true;
}

interface SubTotal { category: VatCategory; rate: number; reason: string | null; baseOre: number; taxOre: number }

function subTotals(doc: DocumentView, ctx: Ctx): SubTotal[] {
  if (!ctx.vatRegistered) {
    if (doc.taxOre !== 0) throw new Error('EHF: the seller is not VAT registered but the document has VAT');
    const reason = doc.vat.map((v) => nonEmpty(v.exemptionReason)).find((r) => r) ?? null;
    return [{ category: 'O', rate: 0, reason, baseOre: doc.netOre, taxOre: 0 }];
  }
  return doc.vat.map((v: VatBreakdown) => ({
    category: v.vatCategory,
    rate: v.vatCategory === 'S' ? v.taxRateHundredths : 0,
    reason: nonEmpty(v.exemptionReason),
    baseOre: v.baseOre,
    taxOre: v.taxOre,
  }));
}

function taxTotal(root: Node, doc: DocumentView, ctx: Ctx): void {
  const tt = cac(root, 'TaxTotal');
  amount(tt, 'TaxAmount', ctx.vatRegistered ? doc.taxOre : 0, ctx);
  for (const s of subTotals(doc, ctx)) {
    const st = cac(tt, 'TaxSubtotal');
    amount(st, 'TaxableAmount', s.baseOre, ctx);
    amount(st, 'TaxAmount', s.taxOre, ctx);
    taxCategory(st, 'TaxCategory', s.category, s.rate, s.reason);
  }
  if (ctx.currency !== 'NOK') {
    // BR-53: VAT total in the tax currency (NOK), TaxAmount only.
    const nok = cac(root, 'TaxTotal');
    amount(nok, 'TaxAmount', ctx.vatRegistered ? doc.taxNokOre : 0, ctx, 'NOK');
  }
}

function monetaryTotal(root: Node, doc: DocumentView, ctx: Ctx): void {
  const prepaid = doc.prepaidOre ?? 0;
  const mt = cac(root, 'LegalMonetaryTotal');
  amount(mt, 'LineExtensionAmount', doc.netOre, ctx);
  amount(mt, 'TaxExclusiveAmount', doc.netOre, ctx);
  amount(mt, 'TaxInclusiveAmount', doc.totalOre, ctx);
  if (prepaid !== 0) amount(mt, 'PrepaidAmount', prepaid, ctx);
  amount(mt, 'PayableAmount', doc.totalOre - prepaid, ctx);
}

function line(root: Node, l: LineView, isInvoice: boolean, ctx: Ctx): void {
  // BR-27: the item price may not be negative; a negative price becomes a negative quantity.
  const priceSign = l.unitPriceOre < 0 ? -1 : 1;
  const priceOre = Math.abs(l.unitPriceOre);
  const quantityMilli = l.quantityMilli * priceSign * ctx.sign;
  const netOre = l.netOre * ctx.sign;
  // Gross = quantity x price, rounded to øre once (half away from zero); integer arithmetic.
  const grossExact = quantityMilli * priceOre; // øre x 1000
  const grossOre = Math.sign(grossExact) * Math.round(Math.abs(grossExact) / 1000);
  const difference = netOre - grossOre; // < 0: discount (allowance), > 0: charge

  const ln = cac(root, isInvoice ? 'InvoiceLine' : 'CreditNoteLine');
  cbc(ln, 'ID', l.lineNo);
  cbc(ln, isInvoice ? 'InvoicedQuantity' : 'CreditedQuantity', formatQuantityDecimal(quantityMilli), { unitCode: unitCodeFor(l.unit) });
  cbc(ln, 'LineExtensionAmount', formatDecimal2(netOre), { currencyID: ctx.currency });
  if (difference !== 0) {
    const ac = cac(ln, 'AllowanceCharge');
    const isCharge = difference > 0;
    cbc(ac, 'ChargeIndicator', isCharge ? 'true' : 'false');
    if (isCharge) {
      cbc(ac, 'AllowanceChargeReasonCode', 'ZZZ');
      cbc(ac, 'AllowanceChargeReason', 'Avrunding');
    } else {
      cbc(ac, 'AllowanceChargeReasonCode', '95');
      cbc(ac, 'AllowanceChargeReason', 'Rabatt');
    }
    const abs = Math.abs(difference);
    // Percentage and base only when they reproduce the amount within one øre (PEPPOL-EN16931-R040 allows 0.02).
    const withPercent = !isCharge && l.discountHundredths > 0 && grossOre > 0
      && Math.abs(abs * 10000 - grossOre * l.discountHundredths) <= 10000;
    if (withPercent) cbc(ac, 'MultiplierFactorNumeric', formatPercentDecimal(l.discountHundredths));
    cbc(ac, 'Amount', formatDecimal2(abs), { currencyID: ctx.currency });
    if (withPercent) cbc(ac, 'BaseAmount', formatDecimal2(grossOre), { currencyID: ctx.currency });
  }
  const item = cac(ln, 'Item');
  cbc(item, 'Name', nonEmpty(l.description) ?? (nonEmpty(l.productCode) ?? `Linje ${l.lineNo}`));
  if (nonEmpty(l.productCode)) cbc(cac(item, 'SellersItemIdentification'), 'ID', l.productCode!.trim());
  const category = effectiveCategory(l.vatCategory, ctx);
  taxCategory(item, 'ClassifiedTaxCategory', category, l.taxRateHundredths, null);
  const price = cac(ln, 'Price');
  cbc(price, 'PriceAmount', formatDecimal2(priceOre), { currencyID: ctx.currency });
}

/**
 * Renders an invoice or a credit note as EHF 3.0 / Peppol BIS Billing 3.0 UBL 2.1 XML.
 * Throws {@link BuyerOrgMissing} when the buyer has no organisation number,
 * and an Error for offers and order confirmations (not billing documents).
 */
export function renderEhf(doc: DocumentView): string {
  if (doc.kind !== 'invoice' && doc.kind !== 'credit-note') {
    throw new Error(`EHF is only available for invoices and credit notes, not '${doc.kind}'`);
  }
  buyerIdentity(doc.buyer);
  const isInvoice = doc.kind === 'invoice';
  const currency = (doc.currency || 'NOK').toUpperCase();
  const ctx: Ctx = {
    currency,
    sign: !isInvoice && doc.totalOre < 0 ? -1 : 1,
    vatRegistered: doc.seller.vatRegistered === true,
  };
  const yourReference = nonEmpty(doc.yourReference);
  const ourReference = nonEmpty(doc.ourReference);
  const orderNumber = nonEmpty(doc.orderNumber);

  // invalidCharReplacement: a character XML cannot carry (control characters, U+FFFE/U+FFFF, lone surrogates) is dropped,
  // so the writer can never emit a document that is not well-formed, whatever old data holds (input refuses them).
  const root = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' })
    .ele(isInvoice ? NS_INVOICE : NS_CREDIT_NOTE, isInvoice ? 'Invoice' : 'CreditNote', {
      'xmlns:cac': NS_CAC,
      'xmlns:cbc': NS_CBC,
    });
  cbc(root, 'CustomizationID', EHF_CUSTOMIZATION_ID);
  cbc(root, 'ProfileID', EHF_PROFILE_ID);
  cbc(root, 'ID', doc.number != null ? String(doc.number) : `UTKAST-${doc.draftNumber}`);
  cbc(root, 'IssueDate', doc.issueDate.slice(0, 10));
  if (isInvoice) {
    if (doc.dueDate) cbc(root, 'DueDate', doc.dueDate.slice(0, 10));
    cbc(root, 'InvoiceTypeCode', '380');
  } else {
    cbc(root, 'CreditNoteTypeCode', '381');
  }
  const note = nonEmpty(doc.invoiceText);
  if (note) cbc(root, 'Note', note);
  cbc(root, 'DocumentCurrencyCode', currency);
  if (currency !== 'NOK') cbc(root, 'TaxCurrencyCode', 'NOK');
  // PEPPOL-EN16931-R003: a buyer reference or a purchase order reference must be present.
  if (yourReference) cbc(root, 'BuyerReference', yourReference);
  else if (!orderNumber) cbc(root, 'BuyerReference', 'n/a');
  if (orderNumber) cbc(cac(root, 'OrderReference'), 'ID', orderNumber);
  if (!isInvoice && doc.creditedInvoiceNumber != null) {
    const ref = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(ref, 'ID', String(doc.creditedInvoiceNumber));
    if (doc.creditedInvoiceDate) cbc(ref, 'IssueDate', doc.creditedInvoiceDate.slice(0, 10));
  }
  supplierParty(root, doc.seller, ourReference, ctx);
  customerParty(root, doc.buyer, yourReference);
  delivery(root, doc);
  const hasPaymentMeans = paymentMeans(root, doc, isInvoice);
  if (!isInvoice && doc.dueDate && !hasPaymentMeans) {
    // BR-CO-25: a positive amount due needs a due date or payment terms.
    cbc(cac(root, 'PaymentTerms'), 'Note', `Forfall ${doc.dueDate.slice(0, 10)}`);
  }
  taxTotal(root, doc, ctx);
  monetaryTotal(root, doc, ctx);
  for (const l of doc.lines) line(root, l, isInvoice, ctx);
  return root.end({ prettyPrint: true });
}
