/**
 * Account statements (kontoutskrift) for the PDF tests and the bench: a small one, one of 3+ pages, a landscape one with
 * every movement column (10), and names with æøå€ (one so long it wraps in its column). Deterministic (no clock, no
 * random numbers): the same rows every run.
 */
import type { Statement } from '../../main/render/pdf/statement-pdf';
import type { ReportRow, TableColumn } from '../../main/render/report/report-table';

const ALL: TableColumn[] = [
  { key: 'date', label: 'Dato', type: 'date' },
  { key: 'type', label: 'Bilagstype', type: 'text' },
  { key: 'documentNumber', label: 'Bilagsnr.', type: 'number' },
  { key: 'invoiceNumber', label: 'Fakturanr.', type: 'number' },
  { key: 'recipientNumber', label: 'Mottakernr.', type: 'number' },
  { key: 'customerNumber', label: 'Kundenr.', type: 'text' },
  { key: 'name', label: 'Kunde', type: 'text' },
  { key: 'debit', label: 'Debet', type: 'money' },
  { key: 'credit', label: 'Kredit', type: 'money' },
  { key: 'balance', label: 'Saldo', type: 'money', sum: false },
];
const pick = (...keys: string[]) => keys.map((k) => ALL.find((c) => c.key === k)!);

const NAMES = ['Fjord Bygg AS', 'Kari Nordmann', 'Økern Rør og Varme AS', 'Ærlig Åsmund Blåbær ENK', 'Tromsø Kaffe & Te'];
const TYPES = ['Faktura', 'Betaling', 'Kreditnota', 'Faktura', 'Tap på fordring'];

/** n movements from 02.03.2026 on: rows with debit or credit and the running balance, as the account overview gives them. */
export function movements(n: number, names = NAMES): ReportRow[] {
  const rows: ReportRow[] = [{ date: '2026-03-01', type: 'Inngående saldo', documentNumber: null, invoiceNumber: null, recipientNumber: null, customerNumber: null, name: null, debit: null, credit: null, balance: 1234500 }];
  let balance = 1234500;
  for (let i = 0; i < n; i++) {
    const type = TYPES[i % TYPES.length];
    const amount = 10000 + ((i * 7919) % 250000) * 10 + (i % 100);
    const debit = type === 'Faktura' ? amount : null;
    const credit = type === 'Faktura' ? null : Math.round(amount / 3);
    balance += (debit ?? 0) - (credit ?? 0);
    const day = 2 + Math.floor((i * 29) / Math.max(n, 1));
    rows.push({
      date: `2026-03-${String(day).padStart(2, '0')}`,
      type,
      documentNumber: 1000 + i,
      invoiceNumber: type === 'Betaling' || type === 'Kreditnota' ? 999 + i : 1000 + i,
      recipientNumber: 10 + (i % names.length),
      customerNumber: `K-${100 + (i % names.length)}`,
      name: names[i % names.length],
      debit,
      credit,
      balance,
    });
  }
  return rows;
}

function totals(columns: TableColumn[], rows: ReportRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of columns) {
    if (c.type !== 'money' || c.sum === false) continue;
    out[c.key] = rows.reduce((a, r) => a + (typeof r[c.key] === 'number' ? (r[c.key] as number) : 0), 0);
  }
  return out;
}

function statement(columns: TableColumn[], rows: ReportRow[], company = 'Fjellvett Regnskap AS'): Statement {
  return { title: 'Kontooversikt', company, period: 'Periode: 02.03.2026 – 31.03.2026', columns, rows, totals: totals(columns, rows) };
}

/** 7 columns (portrait), 6 movements. */
export const statementSmall = statement(pick('date', 'type', 'documentNumber', 'name', 'debit', 'credit', 'balance'), movements(6));

/** 7 columns, 150 movements: 3+ pages. */
export const statementLong = statement(pick('date', 'type', 'documentNumber', 'invoiceNumber', 'name', 'debit', 'balance'), movements(150));

/** All 10 movement columns: landscape, 60 movements (2 pages). */
export const statementWide = statement(ALL, movements(60));

/** Norwegian letters and € in names, the company and a name long enough to wrap in its column. */
export const statementNorwegian = statement(
  pick('date', 'type', 'invoiceNumber', 'customerNumber', 'name', 'debit', 'credit'),
  movements(12, [
    'Ærlig Åsmund Blåbær ENK', 'Økern Rør og Varme AS', 'Café Crème € Øst',
    'Sørlandets Største Og Aller Mest Langnavnede Bygg- og Anleggsentreprenør Med Underavdelinger i Ålesund, Tromsø og Bærum AS',
  ]),
  'Blåbærsyltetøy & Ørret AS',
);

/** ~500 movements with the account overview's preselected columns, for the bench. */
export const statementBench = statement(pick('date', 'type', 'documentNumber', 'invoiceNumber', 'customerNumber', 'name', 'debit', 'credit', 'balance'), movements(500));

export const STATEMENT_FIXTURES = { statementSmall, statementLong, statementWide, statementNorwegian } as const;
