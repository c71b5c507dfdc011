/** Reads a SAF-T Financial file back (streaming parse, saxes) and validates it with xmllint against Skatteetaten's XSD. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { SAFT_XSD } from './shared-saft.js';

/** xmllint --schema: '' when the file validates, else its complaints. Under CI a missing xmllint or schema fails. */
export function validateSaft(xml: Buffer | string): string {
  let hasXmllint = true;
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
  } catch {
    hasXmllint = false;
  }
  if (!hasXmllint || !existsSync(SAFT_XSD)) throw new Error(`xmllint or ${SAFT_XSD} missing: the SAF-T file cannot be validated`);
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-saft-test-'));
  try {
    const file = join(dir, 'saft.xml');
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--noout', '--schema', SAFT_XSD, file], { stdio: 'pipe' });
    return '';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e).slice(0, 3000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SaftLine { account: string; customer: string | null; amount: number; tax: { code: string; base: number; amount: number } | null }
export interface SaftTransaction { id: string; journal: string; date: string; type: string; lines: SaftLine[] }
export interface SaftRead {
  header: Record<string, string>;
  accounts: Map<string, { opening: number; closing: number; groupingCategory: string; groupingCode: string }>;
  customers: Map<string, { name: string; opening: number; closing: number; account: string; city: string }>;
  taxCodes: Map<string, { standard: string; percent: string }>;
  entries: number;
  totalDebit: number;
  totalCredit: number;
  transactions: SaftTransaction[];
}

const ore = (s: string) => Math.round(Number(s) * 100);

/** The parts of the file the tests check, amounts in øre (debit positive). */
export function readSaft(xml: string): SaftRead {
  const out: SaftRead = { header: {}, accounts: new Map(), customers: new Map(), taxCodes: new Map(), entries: 0, totalDebit: 0, totalCredit: 0, transactions: [] };
  const p = new SaxesParser();
  const stack: string[] = [];
  let textBuf = '';
  let cur: Record<string, string> = {};
  let journal = '';
  let tx: SaftTransaction | null = null;
  let line: SaftLine | null = null;
  let taxSide = 1;
  p.on('opentag', (t) => {
    stack.push(t.name);
    textBuf = '';
    if (t.name === 'Account' || t.name === 'Customer' || t.name === 'TaxCodeDetails') cur = {};
    if (t.name === 'Transaction') tx = { id: '', journal, date: '', type: '', lines: [] };
    if (t.name === 'Line' && tx) line = { account: '', customer: null, amount: 0, tax: null };
    if (t.name === 'TaxInformation' && line) line.tax = { code: '', base: 0, amount: 0 };
  });
  p.on('text', (t) => (textBuf += t));
  p.on('closetag', (t) => {
    const path = stack.join('/');
    const v = textBuf.trim();
    stack.pop();
    const parent = stack[stack.length - 1];
    if (path.startsWith('AuditFile/Header/') && stack.length === 2) out.header[t.name] = v;
    if (path.startsWith('AuditFile/Header/Company/') && stack.length === 3 && !v.includes('<')) out.header[`Company.${t.name}`] = v;
    if (path.startsWith('AuditFile/Header/Company/Contact/ContactPerson/')) out.header[`Contact.${t.name}`] = v;
    if (parent === 'Account' || parent === 'Customer' || parent === 'TaxCodeDetails' || parent === 'BalanceAccount' || (parent === 'Address' && stack.includes('Customer'))) cur[t.name] = v;
    if (t.name === 'Account' && parent === 'GeneralLedgerAccounts') {
      out.accounts.set(cur.AccountID, {
        opening: cur.OpeningDebitBalance !== undefined ? ore(cur.OpeningDebitBalance) : -ore(cur.OpeningCreditBalance),
        closing: cur.ClosingDebitBalance !== undefined ? ore(cur.ClosingDebitBalance) : -ore(cur.ClosingCreditBalance),
        groupingCategory: cur.GroupingCategory,
        groupingCode: cur.GroupingCode,
      });
    }
    if (t.name === 'Customer') {
      out.customers.set(cur.CustomerID, {
        name: cur.Name,
        city: cur.City,
        account: cur.AccountID,
        opening: cur.OpeningDebitBalance !== undefined ? ore(cur.OpeningDebitBalance) : -ore(cur.OpeningCreditBalance),
        closing: cur.ClosingDebitBalance !== undefined ? ore(cur.ClosingDebitBalance) : -ore(cur.ClosingCreditBalance),
      });
    }
    if (t.name === 'TaxCodeDetails') out.taxCodes.set(cur.TaxCode, { standard: cur.StandardTaxCode, percent: cur.TaxPercentage });
    if (t.name === 'NumberOfEntries' && parent === 'GeneralLedgerEntries') out.entries = Number(v);
    if (t.name === 'TotalDebit' && parent === 'GeneralLedgerEntries') out.totalDebit = ore(v);
    if (t.name === 'TotalCredit' && parent === 'GeneralLedgerEntries') out.totalCredit = ore(v);
    if (t.name === 'JournalID') journal = v;
    if (tx && parent === 'Transaction') {
      if (t.name === 'TransactionID') tx.id = v;
      if (t.name === 'TransactionDate') tx.date = v;
      if (t.name === 'VoucherType') tx.type = v;
    }
    if (line && parent === 'Line') {
      if (t.name === 'AccountID') line.account = v;
      if (t.name === 'CustomerID') line.customer = v;
    }
    if (line && t.name === 'Amount' && parent === 'DebitAmount') line.amount = ore(v);
    if (line && t.name === 'Amount' && parent === 'CreditAmount') line.amount = -ore(v);
    if (line?.tax && parent === 'TaxInformation') {
      if (t.name === 'TaxCode') line.tax.code = v;
      if (t.name === 'TaxBase') line.tax.base = ore(v);
      if (t.name === 'DebitTaxAmount') taxSide = -1;
      if (t.name === 'CreditTaxAmount') taxSide = 1;
    }
    if (line?.tax && t.name === 'Amount' && (parent === 'DebitTaxAmount' || parent === 'CreditTaxAmount')) line.tax.amount = (parent === 'DebitTaxAmount' ? -1 : 1) * ore(v);
    if (t.name === 'Line' && tx && line) {
      tx.lines.push(line);
      line = null;
    }
    if (t.name === 'Transaction' && tx) {
      out.transactions.push(tx);
      tx = null;
    }
    textBuf = '';
  });
  void taxSide;
  p.write(xml).close();
  return out;
}
