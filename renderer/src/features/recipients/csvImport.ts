import Papa from 'papaparse';

/** Columns an import file may have, in preview order. */
export const CSV_COLUMNS = [
  'customerNumber',
  'name',
  'address1',
  'address2',
  'zip',
  'city',
  'country',
  'email',
  'phone',
  'mobile',
  'fax',
  'web',
  'orgNumber',
  'orgForm',
  'icd',
  'creditDays',
  'discount',
  'currency',
  'yourReference',
  'comment',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Header names (Norwegian and English, any case, punctuation ignored) to columns. */
const HEADERS: Record<CsvColumn, string[]> = {
  customerNumber: ['kundenummer', 'kundenr', 'customernumber'],
  name: ['navn', 'name', 'kundenavn'],
  address1: ['adresse1', 'adresse', 'address1', 'address', 'contactaddressaddress1'],
  address2: ['adresse2', 'address2', 'contactaddressaddress2'],
  zip: ['postnummer', 'postnr', 'zip', 'zipcode', 'postcode', 'contactaddresszip'],
  city: ['poststed', 'sted', 'city', 'contactaddresscity'],
  country: ['land', 'country', 'contactaddresscountry'],
  email: ['epost', 'epostadresse', 'email', 'mail', 'contactemail'],
  phone: ['telefon', 'tlf', 'phone', 'contactphone'],
  mobile: ['mobil', 'mobiltelefon', 'mobile', 'contactmobile'],
  fax: ['faks', 'telefaks', 'fax', 'contactfax'],
  web: ['web', 'nettside', 'hjemmeside', 'contactweb'],
  orgNumber: ['orgnr', 'organisasjonsnummer', 'orgnummer', 'organisationnumber', 'orgnumber'],
  orgForm: ['organisasjonsform', 'orgform', 'selskapsform', 'organisationform', 'form'],
  icd: ['icd', 'organisationicd'],
  creditDays: ['kredittdager', 'kredittid', 'creditdays', 'settingscreditdays'],
  discount: ['rabatt', 'discount', 'settingsdiscount'],
  currency: ['valuta', 'currency', 'settingscurrency'],
  yourReference: ['deresreferanse', 'deresref', 'yourreference'],
  comment: ['kommentar', 'merknad', 'comment'],
};

const normalise = (h: string) => h.replace(/^\uFEFF/, '').toLowerCase().replace(/[^a-z0-9æøå]/g, '');
const BY_HEADER = new Map<string, CsvColumn>();
for (const [col, names] of Object.entries(HEADERS) as Array<[CsvColumn, string[]]>) for (const n of names) BY_HEADER.set(n, col);

export type CsvRow = Partial<Record<CsvColumn, string>>;

export interface ParsedCsv {
  rows: CsvRow[];
  /** Columns found in the file, in preview order. */
  columns: CsvColumn[];
  /** Headers no column matched (ignored). */
  ignored: string[];
  delimiter: string;
  problems: string[];
}

export function parseRecipientCsv(text: string): ParsedCsv {
  const res = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [';', ',', '\t'],
    transformHeader: (h) => h.trim(),
  });
  const headerMap = new Map<string, CsvColumn>();
  const ignored: string[] = [];
  for (const h of res.meta.fields ?? []) {
    const col = BY_HEADER.get(normalise(h));
    if (col && ![...headerMap.values()].includes(col)) headerMap.set(h, col);
    else ignored.push(h);
  }
  const rows = res.data.map((raw) => {
    const row: CsvRow = {};
    for (const [h, col] of headerMap) {
      const v = raw[h];
      if (typeof v === 'string' && v.trim() !== '') row[col] = v.trim();
    }
    return row;
  });
  const columns = CSV_COLUMNS.filter((c) => [...headerMap.values()].includes(c));
  const problems = res.errors.slice(0, 5).map((e) => `${e.row !== undefined ? `rad ${e.row + 2}: ` : ''}${e.message}`);
  return { rows, columns, ignored, delimiter: res.meta.delimiter, problems };
}

function numberOrRaw(s: string | undefined): number | string | undefined {
  if (s === undefined) return undefined;
  const n = Number(s.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : s;
}

/** One CSV row as a recipient of spec 2.1. Nothing is checked here: the service does that. */
export function rowToRecipient(r: CsvRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: r.name ?? '',
    contact: {
      address: {
        ...(r.address1 && { address1: r.address1 }),
        ...(r.address2 && { address2: r.address2 }),
        zip: r.zip ?? '',
        city: r.city ?? '',
        ...(r.country && { country: r.country }),
      },
      ...(r.email && { email: r.email }),
      ...(r.phone && { phone: r.phone }),
      ...(r.mobile && { mobile: r.mobile }),
      ...(r.fax && { fax: r.fax }),
      ...(r.web && { web: r.web }),
    },
  };
  if (r.customerNumber) out.customerNumber = r.customerNumber;
  if (r.orgNumber || r.orgForm || r.icd) {
    out.organisation = {
      ...(r.orgForm && { form: r.orgForm.toLowerCase() }),
      ...(r.orgNumber && { number: r.orgNumber }),
      ...(r.icd && { icd: numberOrRaw(r.icd) }),
    };
  }
  if (r.creditDays || r.discount || r.currency) {
    out.settings = {
      ...(r.creditDays && { creditDays: numberOrRaw(r.creditDays) }),
      ...(r.discount && { discount: numberOrRaw(r.discount) }),
      ...(r.currency && { currency: r.currency.toUpperCase() }),
    };
  }
  if (r.yourReference) out.yourReference = r.yourReference;
  if (r.comment) out.comment = r.comment;
  return out;
}

const PATH_TO_COLUMN: Record<string, CsvColumn> = {
  customerNumber: 'customerNumber',
  name: 'name',
  'contact.address.address1': 'address1',
  'contact.address.address2': 'address2',
  'contact.address.zip': 'zip',
  'contact.address.city': 'city',
  'contact.address.country': 'country',
  'contact.email': 'email',
  'contact.phone': 'phone',
  'contact.mobile': 'mobile',
  'contact.fax': 'fax',
  'contact.web': 'web',
  'organisation.number': 'orgNumber',
  'organisation.form': 'orgForm',
  'organisation.icd': 'icd',
  'settings.creditDays': 'creditDays',
  'settings.discount': 'discount',
  'settings.currency': 'currency',
  yourReference: 'yourReference',
  comment: 'comment',
};

export interface RowError {
  /** 0-based index in the batch (row number shown is index + 1). */
  index: number;
  column: CsvColumn | null;
  path: string;
  message: string;
}

/** `[i].contact.address.zip` (or `i.contact...`) -> row i, column zip. */
export function rowErrors(fields: Array<{ field: string; message: string }>): { rows: RowError[]; other: string[] } {
  const rows: RowError[] = [];
  const other: string[] = [];
  for (const f of fields) {
    const m = /^\[?(\d+)\]?\.?(.*)$/.exec(f.field);
    if (!m) {
      other.push(`${f.field}: ${f.message}`);
      continue;
    }
    const path = m[2];
    rows.push({ index: Number(m[1]), column: PATH_TO_COLUMN[path] ?? null, path, message: f.message });
  }
  return { rows, other };
}
