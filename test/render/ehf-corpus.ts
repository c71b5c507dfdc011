/**
 * A corpus of generated EHF documents for the comparison of the in-process validator with the Java one
 * (ehf-corpus.test.ts): varied invoices and credit notes written by Kvitt's EHF writer (VAT categories and rates,
 * currencies, discounts, prepaid amounts, negative lines, foreign buyers, long and awkward texts, a seller outside the
 * VAT register), and documents broken on purpose after writing (a wrong schemeID, wrong totals, a missing or unknown
 * element, a bad code, no XML at all). Deterministic: the same seed gives the same files.
 */
import type { DocumentView, PartySnapshot } from '../../main/render/document-view';
import { renderEhf } from '../../main/render/ehf/ehf-writer';
import { buildDoc, buyerCompany, sellerAs, sellerEnk, type LineInput } from './fixtures';
import { rng, type Rng } from '../../main/seed/random.js';

export interface CorpusDoc {
  name: string;
  xml: string;
  /** Broken on purpose: at least one fatal problem is expected. */
  broken: boolean;
}


const FOREIGN: PartySnapshot[] = [
  { ...buyerCompany, name: 'Svenska Möbler AB', orgNumber: '5560360793', icd: 7, address1: 'Drottninggatan 5', address2: null, zip: '111 51', city: 'Stockholm', country: 'SE' },
  { ...buyerCompany, name: 'Dansk Design ApS', orgNumber: '13585628', icd: 184, address1: 'Strøget 10', address2: null, zip: '1160', city: 'København K', country: 'DK' },
  { ...buyerCompany, name: 'Müller & Söhne GmbH', orgNumber: 'DE123456789', icd: 9930, address1: 'Hauptstraße 1', address2: null, zip: '10115', city: 'Berlin', country: 'DE' },
  { ...buyerCompany, name: 'Global Logistics Ltd', orgNumber: '5790000436057', icd: 88, address1: '1 King Street', address2: null, zip: 'EC2V 8AU', city: 'London', country: 'GB' },
];
const NORWEGIAN: PartySnapshot[] = [
  buyerCompany,
  { ...buyerCompany, name: 'Bergen Kommune', orgNumber: '964338531', address1: 'Rådhusgaten 10', address2: null, zip: '5014', city: 'BERGEN', customerNumber: null },
  { ...buyerCompany, name: 'Blåbær & Tyttebær Kafé AS <Grünerløkka>', orgNumber: '923609016', email: null, phone: '+47 912 34 567' },
];
const UNITS = ['stk', 'timer', 'kg', 'm', 'dag', 'mnd', 'l', 'km', 'pakke', 'm²', '', 'kvm', 'HUR', 'boks'];
const WORDS = ['Rådgivning', 'Smørbrød', 'Kabel', 'Lisens', 'Frakt', 'Reparasjon', 'Ærfuglsdun', 'Øl & mineralvann', 'Tjeneste «ekstra»', 'Konsulent'];
const REASONS = ['Utleie av fast eiendom, unntatt etter mval. § 3-11', 'Helsetjenester, unntatt etter mval. § 3-2', 'Undervisning, unntatt etter mval. § 3-5'];
const CURRENCIES: Array<[string, number]> = [['NOK', 1], ['NOK', 1], ['NOK', 1], ['EUR', 11.7245], ['SEK', 1.0123], ['USD', 10.8571], ['DKK', 1.5712]];

function longText(r: Rng, words: number): string {
  return Array.from({ length: words }, () => r.pick(WORDS)).join(' ');
}

function lineOf(r: Rng, vatRegistered: boolean, i: number): LineInput {
  const category = !vatRegistered ? 'O' : r.pick(['S', 'S', 'S', 'S', 'Z', 'E'] as const);
  const line: LineInput = {
    description: r.next() < 0.1 ? longText(r, r.int(40, 120)) : `${r.pick(WORDS)} ${i + 1}`,
    quantity: r.pick([1000, 500, 2000, 7500, 12000, 333, 1, 100000, 2500]),
    unit: r.pick(UNITS),
    price: r.pick([100, 4500, 8950, 19900, 125000, 350000, 1, 99999, 12345678]) * (r.next() < 0.06 ? -1 : 1),
    discount: r.next() < 0.3 ? r.pick([500, 1000, 1250, 3333, 5000]) : 0,
    category,
    rate: category === 'S' ? r.pick([2500, 2500, 1500, 1200]) : 0,
    productCode: r.next() < 0.6 ? `P-${r.int(1, 999)}` : undefined,
    reason: category === 'E' ? r.pick(REASONS) : undefined,
  };
  return line;
}

/** One generated document (valid as far as Kvitt's writer makes it so). */
function generated(r: Rng, i: number): DocumentView {
  const vatRegistered = r.next() > 0.12;
  const seller = vatRegistered ? sellerAs : sellerEnk;
  const buyer = r.next() < 0.2 ? r.pick(FOREIGN) : r.pick(NORWEGIAN);
  const [currency, exchangeRate] = r.pick(CURRENCIES);
  const kind = r.next() < 0.3 ? 'credit-note' : 'invoice';
  const lines = Array.from({ length: r.pick([1, 1, 2, 3, 4, 6, 12, 40]) }, (_, j) => lineOf(r, vatRegistered, j));
  const doc = buildDoc({ kind, number: 20000 + i, seller, buyer, currency, exchangeRate, lines });
  const extra: Partial<DocumentView> = {
    invoiceText: r.next() < 0.3 ? longText(r, r.int(5, 300)) : null,
    orderNumber: r.next() < 0.3 ? `PO-${r.int(1000, 9999)}` : null,
    yourReference: r.next() < 0.5 ? 'Per Ærlig' : null,
    ourReference: r.next() < 0.7 ? 'Kari Nordmann' : null,
    kid: kind === 'invoice' && r.next() < 0.6 ? '000104210001' : null,
    deliveryDate: r.next() < 0.5 ? '2026-01-10' : null,
    deliveryAddress: r.next() < 0.2 ? { address: 'Kaigata 4', zip: '9008', city: 'TROMSØ', country: 'NO' } : undefined,
  };
  if (kind === 'credit-note') Object.assign(extra, { dueDate: r.next() < 0.5 ? '2026-02-01' : null, creditedInvoiceNumber: 10000 + i, creditedInvoiceDate: '2026-01-05' });
  if (kind === 'invoice' && r.next() < 0.15 && doc.totalOre > 0) extra.prepaidOre = Math.floor(doc.totalOre / r.int(2, 5));
  return { ...doc, ...extra };
}

const BREAKS: Array<[string, (xml: string) => string]> = [
  ['wrong-endpoint-scheme', (x) => x.replace(/(<cac:AccountingCustomerParty>[\s\S]*?<cbc:EndpointID schemeID=")0192/, '$10007')],
  ['wrong-legal-scheme', (x) => x.replace(/(<cac:AccountingCustomerParty>[\s\S]*?<cbc:CompanyID schemeID=")0192/, '$10007')],
  ['wrong-payable', (x) => x.replace(/(<cbc:PayableAmount currencyID="\w+">)([\d.-]+)/, (_, a, v) => `${a}${(Number(v) + 1).toFixed(2)}`)],
  ['wrong-tax-total', (x) => x.replace(/(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="\w+">)([\d.-]+)/, (_, a, v) => `${a}${(Number(v) + 0.5).toFixed(2)}`)],
  ['wrong-line-sum', (x) => x.replace(/(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="\w+">)([\d.-]+)/, (_, a, v) => `${a}${(Number(v) + 10).toFixed(2)}`)],
  ['no-issue-date', (x) => x.replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '')],
  ['unknown-element', (x) => x.replace(/<cbc:IssueDate>/, '<cbc:Kvitt>1</cbc:Kvitt><cbc:IssueDate>')],
  ['bad-currency', (x) => x.replace(/<cbc:DocumentCurrencyCode>\w+</, '<cbc:DocumentCurrencyCode>XXY<')],
  ['bad-unit', (x) => x.replace(/unitCode="\w+"/, 'unitCode="Q9Z"')],
  ['bad-customization', (x) => x.replace(/<cbc:CustomizationID>[^<]*</, '<cbc:CustomizationID>urn:kvitt:not-peppol<')],
  ['bad-vat-category', (x) => x.replace(/<cbc:ID>S<\/cbc:ID>/, '<cbc:ID>Q</cbc:ID>')],
  ['empty-element', (x) => x.replace(/<cbc:IssueDate>/, '<cbc:Note></cbc:Note><cbc:IssueDate>')],
  ['bad-date', (x) => x.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>15.01.2026<')],
  ['bad-country', (x) => x.replace(/<cbc:IdentificationCode>NO</, '<cbc:IdentificationCode>XX<')],
];

/** `count` generated documents and every way of breaking one, each applied to a few of them. */
export function ehfCorpus(count = 210, seed = 20260315): CorpusDoc[] {
  const r = rng(seed);
  const docs: CorpusDoc[] = [];
  for (let i = 0; i < count; i++) {
    const view = generated(r, i);
    docs.push({ name: `gen-${String(i).padStart(3, '0')}-${view.kind}-${view.currency}.xml`, xml: renderEhf(view), broken: false });
  }
  // Norwegian NOK invoices with a VAT-registered seller (each break below finds what it changes there)
  const sources = docs.filter((d) => !d.name.includes('credit') && d.name.includes('NOK') && /<cac:AccountingCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID schemeID="0192"/.test(d.xml) && d.xml.includes('<cbc:ID>S</cbc:ID>')).slice(0, 3);
  for (const [why, breakIt] of BREAKS) {
    for (const [k, d] of sources.entries()) {
      const xml = breakIt(d.xml);
      if (xml === d.xml) throw new Error(`the break ${why} changed nothing in ${d.name}`);
      docs.push({ name: `broken-${why}-${k}.xml`, xml, broken: true });
    }
  }
  docs.push({ name: 'broken-not-ubl.xml', xml: '<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>', broken: true });
  return docs;
}

/** Not XML at all (a truncated file): the parser's problem. */
export const malformed: CorpusDoc = { name: 'broken-malformed.xml', xml: '<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>1', broken: true };
