/**
 * SAF-T Financial 1.30 XML pieces (namespace urn:StandardAuditFile-Taxation-Financial:NO): the header, accounts,
 * customers, tax table and one transaction, each as a string in the schema's element order, lengths cut to the
 * schema's limits. Amounts NOK øre in, `123.45` out.
 */
import { TAX_CODES } from '../../domain/accounting.js';
import type { JournalLine, Voucher } from './journal.js';

export const SAFT_NS = 'urn:StandardAuditFile-Taxation-Financial:NO';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** XML text: escaped, control characters dropped, at most `max` characters. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const SPECIAL = /[&<>"']/;
export function text(s: string | null | undefined, max = 256): string {
  let clean = String(s ?? '');
  if (CONTROL.test(clean)) clean = clean.replace(CONTROL, '');
  CONTROL.lastIndex = 0;
  clean = clean.trim();
  // Cut by code points, not UTF-16 units (only when it may be too long: the common short text skips the split).
  if (clean.length > max) clean = [...clean].slice(0, max).join('');
  return SPECIAL.test(clean) ? clean.replace(/[&<>"']/g, (c) => ESC[c]) : clean;
}
const el = (name: string, value: string | null | undefined, max = 256) => (value === null || value === undefined || String(value).trim() === '' ? '' : `<${name}>${text(value, max)}</${name}>`);

/** NOK øre as a decimal with two places (no sign: the element says debit or credit). */
export function amount(ore: number): string {
  const a = Math.abs(ore);
  return `${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
/** A signed decimal (TaxBase may be negative on a credit note). */
const signed = (ore: number) => (ore < 0 ? '-' : '') + amount(ore);
const rate = (micro: number) => (micro / 1_000_000).toFixed(6);

export interface Party {
  registrationNumber?: string | null;
  name: string;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

export function address(p: Party): string {
  const country = p.country && /^[A-Z]{2}$/.test(p.country) ? p.country : null;
  const inner = el('StreetName', p.address1) + el('AdditionalAddressDetail', p.address2) + el('City', p.city) + el('PostalCode', p.zip, 70) + el('Country', country, 2);
  return inner ? `<Address>${inner}</Address>` : '';
}

export interface HeaderInput {
  created: string;
  softwareVersion: string;
  company: Party & { orgNumber: string; vatRegistered: boolean; bankAccount: string | null; iban: string | null; bic: string | null };
  contact: { firstName: string; lastName: string; phone: string | null; email: string | null };
  from: string;
  to: string;
}

export function header(h: HeaderInput): string {
  const c = h.company;
  const contact =
    `<Contact><ContactPerson>${el('FirstName', h.contact.firstName || '-', 35)}${el('LastName', h.contact.lastName || '-', 70)}</ContactPerson>` +
    `${el('Telephone', h.contact.phone, 18)}${el('Email', h.contact.email, 70)}</Contact>`;
  const tax = c.vatRegistered ? `<TaxRegistration><TaxRegistrationNumber>${text(`${c.orgNumber}MVA`, 35)}</TaxRegistrationNumber><TaxAuthority>Skatteetaten</TaxAuthority></TaxRegistration>` : '';
  const bank = c.iban
    ? `<BankAccount>${el('IBANNumber', c.iban, 35)}${el('BIC', c.bic, 18)}</BankAccount>`
    : c.bankAccount
      ? `<BankAccount>${el('BankAccountNumber', c.bankAccount, 35)}${el('BIC', c.bic, 18)}</BankAccount>`
      : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="${SAFT_NS}">\n<Header>` +
    `<AuditFileVersion>1.30</AuditFileVersion><AuditFileCountry>NO</AuditFileCountry><AuditFileDateCreated>${h.created}</AuditFileDateCreated>` +
    `<SoftwareCompanyName>Kvitt</SoftwareCompanyName><SoftwareID>Kvitt</SoftwareID><SoftwareVersion>${text(h.softwareVersion, 18)}</SoftwareVersion>` +
    `<Company><RegistrationNumber>${text(c.orgNumber, 35)}</RegistrationNumber>${el('Name', c.name || c.orgNumber)}${address(c)}${contact}${tax}${bank}</Company>` +
    `<DefaultCurrencyCode>NOK</DefaultCurrencyCode>` +
    `<SelectionCriteria><SelectionStartDate>${h.from}</SelectionStartDate><SelectionEndDate>${h.to}</SelectionEndDate></SelectionCriteria>` +
    `<HeaderComment>Kundereskontro og salg fra Kvitt (fakturaer, kreditnotaer, purringer, innbetalinger, tap)</HeaderComment>` +
    `<TaxAccountingBasis>A</TaxAccountingBasis></Header>\n`
  );
}

const balance = (prefix: 'Opening' | 'Closing', ore: number) => (ore >= 0 ? `<${prefix}DebitBalance>${amount(ore)}</${prefix}DebitBalance>` : `<${prefix}CreditBalance>${amount(ore)}</${prefix}CreditBalance>`);

export function account(a: { id: string; description: string; groupingCategory: string; groupingCode: string; opening: number; closing: number }): string {
  return (
    `<Account><AccountID>${text(a.id, 70)}</AccountID><AccountDescription>${text(a.description)}</AccountDescription>` +
    `<GroupingCategory>${text(a.groupingCategory)}</GroupingCategory><GroupingCode>${text(a.groupingCode, 35)}</GroupingCode><AccountType>GL</AccountType>` +
    `${balance('Opening', a.opening)}${balance('Closing', a.closing)}</Account>\n`
  );
}

export function customer(c: Party & { id: string; account: string; opening: number; closing: number }): string {
  return (
    `<Customer>${el('RegistrationNumber', c.registrationNumber, 35)}${el('Name', c.name || c.id)}${address(c)}` +
    `<CustomerID>${text(c.id, 35)}</CustomerID><BalanceAccount><AccountID>${text(c.account, 70)}</AccountID>${balance('Opening', c.opening)}${balance('Closing', c.closing)}</BalanceAccount></Customer>\n`
  );
}

export function taxTable(codes: Iterable<string>): string {
  const details = [...codes]
    .sort((a, b) => Number(a) - Number(b))
    .map((code) => {
      const t = TAX_CODES[code];
      return `<TaxCodeDetails><TaxCode>${code}</TaxCode><Description>${text(t.nb)}</Description><TaxPercentage>${t.percent.toFixed(2)}</TaxPercentage><Country>NO</Country><StandardTaxCode>${t.standard}</StandardTaxCode><BaseRate>100</BaseRate></TaxCodeDetails>`;
    })
    .join('');
  return details ? `<TaxTable><TaxTableEntry><TaxType>MVA</TaxType><Description>Merverdiavgift</Description>${details}</TaxTableEntry></TaxTable>\n` : '';
}

function line(l: JournalLine, record: number, customerId: (n: number) => string, sourceDocument: string): string {
  const side = l.amount >= 0 ? 'Debit' : 'Credit';
  const cur = l.currency ? `<CurrencyCode>${l.currency.code}</CurrencyCode><CurrencyAmount>${amount(l.currency.amount)}</CurrencyAmount><ExchangeRate>${rate(l.currency.rateMicro)}</ExchangeRate>` : '';
  let tax = '';
  if (l.tax) {
    const taxSide = l.tax.amount > 0 || (l.tax.amount === 0 && l.tax.base >= 0) ? 'Credit' : 'Debit';
    tax =
      `<TaxInformation><TaxType>MVA</TaxType><TaxCode>${l.tax.code}</TaxCode><TaxPercentage>${l.tax.percent.toFixed(2)}</TaxPercentage><Country>NO</Country>` +
      `<TaxBase>${signed(l.tax.base)}</TaxBase><${taxSide}TaxAmount><Amount>${amount(l.tax.amount)}</Amount></${taxSide}TaxAmount></TaxInformation>`;
  }
  return (
    `<Line><RecordID>${record}</RecordID><AccountID>${text(l.account, 70)}</AccountID><SourceDocumentID>${text(sourceDocument, 35)}</SourceDocumentID>` +
    `${l.customer !== undefined ? `<CustomerID>${text(customerId(l.customer), 35)}</CustomerID>` : ''}<Description>${text(l.description)}</Description>` +
    `<${side}Amount><Amount>${amount(l.amount)}</Amount>${cur}</${side}Amount>${tax}</Line>`
  );
}

export function transaction(v: Voucher, customerId: (n: number) => string): string {
  const [y, m] = v.date.split('-');
  const lines = v.lines.map((l, i) => line(l, i + 1, customerId, v.id)).join('');
  return (
    `<Transaction><TransactionID>${text(v.id, 70)}</TransactionID><Period>${Number(m)}</Period><PeriodYear>${y}</PeriodYear><TransactionDate>${v.date}</TransactionDate>` +
    `<VoucherType>${text(v.type, 70)}</VoucherType><VoucherDescription>${text(v.description, 70)}</VoucherDescription><Description>${text(v.description)}</Description>` +
    `<SystemEntryDate>${v.systemDate}</SystemEntryDate><GLPostingDate>${v.date}</GLPostingDate><CustomerID>${text(customerId(v.customer), 35)}</CustomerID>${lines}</Transaction>\n`
  );
}

export const JOURNALS: Array<{ id: Voucher['journal']; description: string; type: string }> = [
  { id: 'SALG', description: 'Salg: fakturaer, kreditnotaer, purregebyr og forsinkelsesrenter', type: 'S' },
  { id: 'BANK', description: 'Innbetalinger, tilbakeføringer og tilbakebetalinger til kunder', type: 'B' },
  { id: 'TAP', description: 'Tap på fordringer og tilbakeføringer', type: 'TAP' },
];
