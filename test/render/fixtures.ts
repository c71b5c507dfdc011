/**
 * DocumentView fixtures for the document writers. The figures are computed here the way the documents
 * service does it (integer øre, each line net rounded once, VAT per rate rounded once), so the writers
 * can be checked against exact expected numbers.
 */
import { deflateSync } from 'node:zlib';
import type { DocumentKind, DocumentView, LineView, PartySnapshot, VatBreakdown, VatCategory } from '../../main/render/document-view';

/** Round a rational num/den half away from zero (integers only). */
function roundDiv(num: number, den: number): number {
  const q = Math.floor(Math.abs(num) / den);
  const r = Math.abs(num) - q * den;
  const v = r * 2 >= den ? q + 1 : q;
  return num < 0 ? -v : v;
}

export interface LineInput {
  description: string;
  quantity: number; // thousandths
  unit?: string;
  price: number; // øre
  discount?: number; // hundredths of a percent
  rate?: number; // hundredths of a percent
  category?: VatCategory;
  reason?: string;
  productCode?: string;
}

export function line(lineNo: number, i: LineInput): LineView {
  const discount = i.discount ?? 0;
  const category = i.category ?? 'S';
  const rate = category === 'S' ? i.rate ?? 2500 : 0;
  const netOre = roundDiv(i.quantity * i.price * (10000 - discount), 1000 * 10000);
  const taxOre = roundDiv(netOre * rate, 10000);
  return {
    lineNo,
    productCode: i.productCode ?? null,
    description: i.description,
    quantityMilli: i.quantity,
    unit: i.unit ?? null,
    unitPriceOre: i.price,
    discountHundredths: discount,
    taxRateHundredths: rate,
    vatCategory: category,
    exemptionReason: i.reason ?? null,
    netOre,
    taxOre,
    totalOre: netOre + taxOre,
  };
}

/** Tiny PNG (a blue badge with a white bar) as a data: URL, built without any image library. */
export function logoDataUrl(): string {
  const width = 120, height = 40;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const bar = y >= 17 && y <= 22 && x >= 15 && x <= 105;
      const [r, g, b] = bar ? [255, 255, 255] : [23, 74, 140];
      raw[row + 1 + x * 3] = r; raw[row + 2 + x * 3] = g; raw[row + 3 + x * 3] = b;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const sellerAs: PartySnapshot = {
  name: 'Fjordkraft Rådgivning AS',
  orgNumber: '923609016',
  orgForm: 'as',
  vatRegistered: true,
  address1: 'Storgata 1',
  address2: null,
  zip: '0155',
  city: 'OSLO',
  country: 'NO',
  email: 'faktura@fjordraad.no',
  phone: '22 33 44 55',
  web: 'www.fjordraad.no',
  bankAccount: '86011117947',
  iban: 'NO9386011117947',
  bic: 'DNBANOKK',
  logo: logoDataUrl(),
};

export const sellerEnk: PartySnapshot = {
  name: 'Åse Ødegård Keramikk',
  orgNumber: '984851006',
  orgForm: 'enk',
  vatRegistered: false,
  address1: 'Bryggen 7',
  zip: '5003',
  city: 'BERGEN',
  country: 'NO',
  email: 'ase@keramikk.no',
  bankAccount: '15030012345',
};

export const buyerCompany: PartySnapshot = {
  name: 'Kjøpmann Ærlig & Sønn AS',
  orgNumber: '982463718',
  orgForm: 'as',
  address1: 'Sjøgata 12',
  address2: 'Postboks 45',
  zip: '9008',
  city: 'TROMSØ',
  country: 'NO',
  email: 'post@aerlig.no',
  recipientNumber: 1042,
  customerNumber: '1042',
};

export const buyerPerson: PartySnapshot = {
  name: 'Ola Nordmann',
  orgNumber: null,
  address1: 'Lillevegen 3',
  zip: '2000',
  city: 'LILLESTRØM',
  country: 'NO',
  recipientNumber: 1043,
  customerNumber: '1043',
};

export interface DocInput {
  kind?: DocumentKind;
  number?: number | null;
  seller?: PartySnapshot;
  buyer?: PartySnapshot;
  currency?: string;
  exchangeRate?: number;
  lines: LineInput[];
  extra?: Partial<DocumentView>;
}

/** Builds a complete DocumentView with computed totals and VAT breakdown. */
export function buildDoc(input: DocInput): DocumentView {
  const lines = input.lines.map((l, i) => line(i + 1, l));
  const rate = input.exchangeRate ?? 1;
  const groups = new Map<string, VatBreakdown>();
  for (const l of lines) {
    const key = `${l.vatCategory}:${l.taxRateHundredths}`;
    const g = groups.get(key) ?? {
      taxRateHundredths: l.taxRateHundredths, vatCategory: l.vatCategory, exemptionReason: l.exemptionReason ?? null,
      baseOre: 0, taxOre: 0, baseNokOre: 0, taxNokOre: 0,
    };
    g.baseOre += l.netOre;
    groups.set(key, g);
  }
  const vat = [...groups.values()].sort((a, b) => b.taxRateHundredths - a.taxRateHundredths || a.vatCategory.localeCompare(b.vatCategory));
  for (const g of vat) {
    g.taxOre = roundDiv(g.baseOre * g.taxRateHundredths, 10000);
    g.baseNokOre = Math.round(g.baseOre * rate);
    g.taxNokOre = roundDiv(g.baseNokOre * g.taxRateHundredths, 10000);
  }
  const netOre = lines.reduce((s, l) => s + l.netOre, 0);
  const taxOre = vat.reduce((s, g) => s + g.taxOre, 0);
  return {
    kind: input.kind ?? 'invoice',
    number: input.number === undefined ? 10001 : input.number,
    draftNumber: 7,
    issueDate: '2026-01-15',
    dueDate: '2026-01-29',
    deliveryDate: '2026-01-10',
    orderNumber: null,
    ourReference: 'Kari Nordmann',
    yourReference: 'Per Ærlig',
    kid: '000104210001',
    invoiceText: null,
    currency: input.currency ?? 'NOK',
    exchangeRate: rate,
    seller: input.seller ?? sellerAs,
    buyer: input.buyer ?? buyerCompany,
    lines,
    vat,
    netOre,
    taxOre,
    totalOre: netOre + taxOre,
    taxNokOre: vat.reduce((s, g) => s + g.taxNokOre, 0),
    prepaidOre: 0,
    ...input.extra,
  };
}

const EXEMPT_REASON = 'Utleie av fast eiendom, unntatt etter mval. § 3-11';

export const mixedLines: LineInput[] = [
  { description: 'Rådgivning, strategi og økonomi', quantity: 7500, unit: 'timer', price: 125000, productCode: 'KONS' },
  { description: 'Smørbrød med røkelaks', quantity: 12000, unit: 'stk', price: 8950, discount: 1000, rate: 1500, productCode: 'MAT-01' },
  { description: 'Kabel, halv meter', quantity: 500, unit: 'm', price: 19900 },
  { description: 'Aviser og tidsskrift (nullsats)', quantity: 3000, unit: 'stk', price: 4500, category: 'Z' },
  { description: 'Leie av møtelokale', quantity: 1000, unit: 'dag', price: 350000, category: 'E', reason: EXEMPT_REASON },
];

/** NOK invoice: 25 % and 15 %, a 10 % discount, quantity 0.5, a Z line and an E line. */
export const invoiceNok = buildDoc({
  lines: mixedLines,
  extra: {
    orderNumber: 'PO-7781',
    invoiceText: 'Takk for oppdraget! Spørsmål om fakturaen rettes til Kari Nordmann på telefon 22 33 44 55.',
    deliveryAddress: { address: 'Kaigata 4', zip: '9008', city: 'TROMSØ', country: 'NO' },
  },
});

/** Simple NOK invoice with 25 % and 15 % only, and a prepaid amount. */
export const invoiceSimple = buildDoc({
  number: 10002,
  lines: [
    { description: 'Konsulenttime', quantity: 2000, unit: 'timer', price: 50000 },
    { description: 'Kaffe', quantity: 4000, unit: 'stk', price: 2500, rate: 1500 },
  ],
  extra: { yourReference: null, orderNumber: null, prepaidOre: 20000, kid: '12344' },
});

/** EUR invoice at 11.7245 NOK/EUR. */
export const invoiceEur = buildDoc({
  number: 10003,
  currency: 'EUR',
  exchangeRate: 11.7245,
  lines: [
    { description: 'Software licence, annual', quantity: 1000, unit: 'år', price: 120000 },
    { description: 'Onboarding workshop', quantity: 1500, unit: 'dag', price: 95000, discount: 1250 },
    { description: 'Reisekost, matservering', quantity: 2000, unit: 'stk', price: 4250, rate: 1500 },
  ],
  extra: { yourReference: null, orderNumber: 'EU-2026-04', kid: null },
});

/** Credit note crediting invoice 10001 (positive amounts, like the UBL credit note). */
export const creditNote = buildDoc({
  kind: 'credit-note',
  number: 10004,
  lines: [
    { description: 'Rådgivning, strategi og økonomi (kreditert)', quantity: 2000, unit: 'timer', price: 125000 },
    { description: 'Smørbrød med røkelaks (kreditert)', quantity: 2000, unit: 'stk', price: 8950, rate: 1500 },
  ],
  extra: {
    issueDate: '2026-01-20', dueDate: null, kid: null,
    creditedInvoiceNumber: 10001, creditedInvoiceDate: '2026-01-15',
    invoiceText: 'Kreditering av for mange fakturerte timer.',
  },
});

/** Seller not registered for VAT: category O on every line, no VAT. */
export const invoiceNotVat = buildDoc({
  number: 10005,
  seller: sellerEnk,
  lines: [
    { description: 'Keramikkskål, håndlaget', quantity: 4000, unit: 'stk', price: 45000, category: 'O' },
    { description: 'Frakt', quantity: 1000, price: 15000, category: 'O' },
  ],
  extra: { kid: null, yourReference: null, orderNumber: null },
});

/** 60 lines for paging. */
export const invoiceLong = buildDoc({
  number: 10006,
  lines: Array.from({ length: 60 }, (_, i) => ({
    description: `Varelinje ${i + 1}: ${['Kontorrekvisita', 'Skrivepapir A4', 'Blekkpatron', 'Kaffefilter', 'Rengjøringsmiddel'][i % 5]}`,
    quantity: 1000 + (i % 7) * 500,
    unit: 'stk',
    price: 1990 + i * 137,
    discount: i % 10 === 0 ? 500 : 0,
    rate: i % 4 === 3 ? 1500 : 2500,
  })),
});

/** Invoice to a private person (no org number): PDF fine, EHF impossible. */
export const invoicePrivate = buildDoc({
  number: 10007,
  buyer: buyerPerson,
  lines: [{ description: 'Reparasjon av sykkel', quantity: 1500, unit: 'timer', price: 65000 }],
  extra: { yourReference: null },
});

export const offer = buildDoc({
  kind: 'offer',
  number: 501,
  lines: mixedLines.slice(0, 3),
  extra: { dueDate: null, kid: null, expiryDate: '2026-02-15', deliveryDate: null },
});

export const orderConfirmation = buildDoc({
  kind: 'order-confirmation',
  number: 601,
  lines: mixedLines.slice(0, 2),
  extra: { dueDate: null, kid: null, orderDate: '2026-01-12', orderNumber: 'PO-7781' },
});

/** Every fixture an EHF can be written for, by file name. */
export const ehfFixtures: Record<string, DocumentView> = {
  'invoice-nok': invoiceNok,
  'invoice-simple': invoiceSimple,
  'invoice-eur': invoiceEur,
  'credit-note': creditNote,
  'invoice-not-vat': invoiceNotVat,
  'invoice-long': invoiceLong,
};
