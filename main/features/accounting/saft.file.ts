/**
 * The SAF-T Financial file for a period, produced as a stream of chunks (never the whole file in memory):
 * one pass over the journal (journal.ts) up to `to`: vouchers before `from` only move the opening balances (the
 * balance sheet's accounts from the start, the result accounts from 1 January of `from`'s year), those in the period
 * are written to one temporary file per journal while the balances, customers and tax codes used are counted; then the
 * header, MasterFiles (accounts with opening/closing balances, customers with their receivable's balances, the tax
 * table) and GeneralLedgerEntries (counts and totals first, as the schema orders them) go out, the journals read back
 * from their files. The temporary folder is removed at the end, also when the download stops half way. A yielded chunk
 * is valid until the next is asked for (the journals are read back through one reused buffer): a caller that keeps
 * chunks copies them (the worker copies each into the chunk it sends; saft.ops.ts in this thread copies).
 */
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { ACCOUNT_KINDS, type AccountKind } from '../../domain/accounting.js';
import { OpError } from '../../ops/errors.js';
import { getSettings } from '../settings/index.js';
import { journal, type JournalId } from './journal.js';
import { account, customer, header, JOURNALS, taxTable, transaction, amount } from './saft.xml.js';
import pkg from '../../../package.json' with { type: 'json' };

/** Norwegian names of the accounts by kind (the standard chart's own names for the defaults). */
const ACCOUNT_NAMES: Record<AccountKind, string> = {
  receivables: 'Kundefordringer',
  bank: 'Bankinnskudd',
  salesRegular: 'Salgsinntekt, avgiftspliktig, alminnelig sats',
  salesMiddle: 'Salgsinntekt, avgiftspliktig, middels sats',
  salesLow: 'Salgsinntekt, avgiftspliktig, lav sats',
  salesZeroRated: 'Salgsinntekt, innenlands, avgiftsfri',
  salesExport: 'Salgsinntekt, utførsel, avgiftsfri',
  salesExempt: 'Salgsinntekt, unntatt avgiftsplikt',
  salesOutsideVat: 'Salgsinntekt utenfor merverdiavgiftsloven',
  vatRegular: 'Utgående merverdiavgift, høy sats',
  vatMiddle: 'Utgående merverdiavgift, middels sats',
  vatLow: 'Utgående merverdiavgift, lav sats',
  reminderFees: 'Purregebyr',
  interestIncome: 'Renteinntekt kundefordringer',
  losses: 'Tap på fordringer',
  exchangeGains: 'Valutagevinst (agio)',
  exchangeLosses: 'Valutatap (disagio)',
  rounding: 'Øresavrunding',
};

export interface SaftProgress {
  vouchers(n: number): void;
  phase(name: string): void;
}

/** `SAF-T Financial_<orgnr>_<YYYYMMDDhhmmss>.xml`, as Skatteetaten names the file. */
export function saftFileName(orgNumber: string, timestamp: string): string {
  return `SAF-T Financial_${orgNumber}_${timestamp.replace(/\D/g, '').slice(0, 14).padEnd(14, '0')}.xml`;
}

/** The company's org number, or 409: the file is named by it and its header requires it. */
export async function saftOrgNumber(ctx: AppContext): Promise<string> {
  const s = await getSettings(ctx);
  if (!s.company.orgNumber) throw new OpError('ORG_NUMBER_REQUIRED', 'SAF-T needs the company organisation number (Settings → Company)');
  return s.company.orgNumber;
}

async function contactPerson(ctx: AppContext) {
  const s = await getSettings(ctx);
  const a = s.accounting;
  let first = a.contactFirstName ?? '';
  let last = a.contactLastName ?? '';
  if (!first && !last) {
    const owner = await ctx.db.selectFrom('users').select('name').where('role', '=', 'owner').where('active', '=', 1).orderBy('id').executeTakeFirst();
    const name = (owner?.name ?? s.invoicing.ourReference ?? s.company.name ?? '').trim();
    const cut = name.lastIndexOf(' ');
    first = cut > 0 ? name.slice(0, cut) : name;
    last = cut > 0 ? name.slice(cut + 1) : name;
  }
  return { firstName: first, lastName: last, phone: a.contactPhone ?? s.company.phone ?? s.company.mobile, email: a.contactEmail ?? s.company.email };
}

/**
 * A journal's temporary file, written through one reused 256 kB buffer: a transaction's text is encoded into it and the
 * buffer written out when full, so no string of the file's size (nor of a flush's) is ever made.
 */
class FileWriter {
  private readonly buf = Buffer.allocUnsafeSlow(256 * 1024);
  private used = 0;
  constructor(readonly handle: FileHandle) {}
  async write(s: string) {
    // At most 3 bytes per UTF-16 unit: a text that may not fit goes after what is buffered.
    if (this.used + s.length * 3 > this.buf.length) await this.flush();
    if (s.length * 3 > this.buf.length) await this.handle.write(s);
    else this.used += this.buf.write(s, this.used);
  }
  async flush() {
    if (!this.used) return;
    await this.handle.write(this.buf, 0, this.used);
    this.used = 0;
  }
}

/** A journal's temporary file in parts of one reused 256 kB buffer: each part is valid until the next is asked for. */
async function* readBack(path: string): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafeSlow(256 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (!bytesRead) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

const isResultAccount = (acc: string) => acc >= '3';

export async function* saftFile(ctx: AppContext, from: string, to: string, progress: SaftProgress): AsyncGenerator<Buffer> {
  const orgNumber = await saftOrgNumber(ctx);
  const settings = await getSettings(ctx);
  const accounts = settings.accounting.accounts;
  const products = await ctx.db.selectFrom('products').select(['code', 'sales_account']).where('sales_account', 'is not', null).execute();
  const productAccounts = new Map(products.map((p) => [p.code, p.sales_account!]));
  const yearStart = `${from.slice(0, 4)}-01-01`;

  const opening = new Map<string, number>();
  const closing = new Map<string, number>();
  const custOpening = new Map<number, number>();
  const custClosing = new Map<number, number>();
  const taxCodes = new Set<string>();
  const journalCounts = new Map<JournalId, number>();
  let entries = 0;
  let totalDebit = 0;
  let totalCredit = 0;
  const add = (m: Map<string | number, number>, k: string | number, v: number) => m.set(k, (m.get(k) ?? 0) + v);

  const dir = await mkdtemp(join(tmpdir(), 'kvitt-saft-'));
  try {
    const files = new Map<JournalId, FileWriter>();
    for (const j of JOURNALS) files.set(j.id, new FileWriter(await open(join(dir, `${j.id}.xml`), 'w')));
    const customerIds = new Map<number, string>();
    const pendingIds = new Set<number>();
    try {
      progress.phase('rows');
      let counted = 0;
      // Customer IDs are read once per customer, when first met, in batches as vouchers are written.
      const idOf = (n: number) => customerIds.get(n) ?? String(n);
      const batch: Parameters<typeof transaction>[0][] = [];
      const writeBatch = async () => {
        const missing = [...pendingIds];
        pendingIds.clear();
        for (let i = 0; i < missing.length; i += 500) {
          const rows = await ctx.db.selectFrom('recipients').select(['number', 'customer_number']).where('number', 'in', missing.slice(i, i + 500)).execute();
          for (const r of rows) customerIds.set(r.number, r.customer_number?.trim() || String(r.number));
        }
        for (const v of batch) await files.get(v.journal)!.write(transaction(v, idOf));
        progress.vouchers(batch.length);
        batch.length = 0;
      };
      for await (const v of journal(ctx.db, to, { accounts, productAccounts })) {
        const inPeriod = v.date >= from;
        for (const l of v.lines) {
          if (isResultAccount(l.account) && v.date < yearStart) continue;
          if (!inPeriod) add(opening, l.account, l.amount);
          add(closing, l.account, l.amount);
          if (l.customer !== undefined) {
            if (!inPeriod) add(custOpening, l.customer, l.amount);
            add(custClosing, l.customer, l.amount);
          }
        }
        if (!inPeriod) continue;
        entries++;
        journalCounts.set(v.journal, (journalCounts.get(v.journal) ?? 0) + 1);
        for (const l of v.lines) {
          if (l.amount > 0) totalDebit += l.amount;
          else totalCredit -= l.amount;
          if (l.tax) taxCodes.add(l.tax.code);
        }
        if (!customerIds.has(v.customer)) pendingIds.add(v.customer);
        batch.push(v);
        if (batch.length >= 100) await writeBatch();
        if (++counted % 5000 === 0) await new Promise<void>((r) => setImmediate(r));
      }
      await writeBatch();
      for (const f of files.values()) await f.flush();
    } finally {
      for (const f of files.values()) await f.handle.close();
    }

    progress.phase('file');
    const s = settings.company;
    yield Buffer.from(
      header({
        created: ctx.clock.today(),
        softwareVersion: pkg.version,
        company: { orgNumber, name: s.name, address1: s.address1, address2: s.address2, zip: s.zip, city: s.city, country: s.country, vatRegistered: s.vatRegistered, bankAccount: s.bankAccount, iban: s.iban, bic: s.bic },
        contact: await contactPerson(ctx),
        from,
        to,
      }),
    );

    // Accounts: every account used, named and grouped by the first kind mapped to it (a product's own account by its sales kind's grouping).
    const byAccount = new Map<string, { kind: AccountKind }>();
    for (const kind of ACCOUNT_KINDS) if (!byAccount.has(accounts[kind].account)) byAccount.set(accounts[kind].account, { kind });
    const used = [...new Set([...opening.keys(), ...closing.keys()])].sort();
    let out = '<MasterFiles>\n<GeneralLedgerAccounts>\n';
    for (const id of used) {
      const kind = byAccount.get(id)?.kind ?? 'salesRegular';
      const m = accounts[kind];
      const grouping = byAccount.has(id) ? m : { groupingCategory: 'salgsinntekt', groupingCode: '3000' };
      out += account({ id, description: byAccount.has(id) ? ACCOUNT_NAMES[kind] : `Salgsinntekt (vare med egen konto ${id})`, groupingCategory: grouping.groupingCategory, groupingCode: grouping.groupingCode, opening: opening.get(id) ?? 0, closing: closing.get(id) ?? 0 });
    }
    out += '</GeneralLedgerAccounts>\n';
    yield Buffer.from(out);

    // Customers: those with a balance or a movement, with the address they have now.
    const numbers = [...custClosing.keys()].sort((a, b) => a - b);
    if (numbers.length) {
      yield Buffer.from('<Customers>\n');
      for (let i = 0; i < numbers.length; i += 500) {
        const rows = await ctx.db
          .selectFrom('recipients')
          .select(['number', 'customer_number', 'name', 'org_number', 'address1', 'address2', 'zip', 'city', 'country'])
          .where('number', 'in', numbers.slice(i, i + 500))
          .orderBy('number')
          .execute();
        let part = '';
        for (const r of rows) {
          part += customer({
            id: r.customer_number?.trim() || String(r.number),
            registrationNumber: r.org_number,
            name: r.name,
            address1: r.address1,
            address2: r.address2,
            zip: r.zip,
            city: r.city,
            country: r.country,
            account: accounts.receivables.account,
            opening: custOpening.get(r.number) ?? 0,
            closing: custClosing.get(r.number) ?? 0,
          });
        }
        yield Buffer.from(part);
      }
      yield Buffer.from('</Customers>\n');
    }
    yield Buffer.from(`${taxTable(taxCodes)}</MasterFiles>\n`);

    yield Buffer.from(`<GeneralLedgerEntries><NumberOfEntries>${entries}</NumberOfEntries><TotalDebit>${amount(totalDebit)}</TotalDebit><TotalCredit>${amount(totalCredit)}</TotalCredit>\n`);
    for (const j of JOURNALS) {
      if (!journalCounts.get(j.id)) continue;
      yield Buffer.from(`<Journal><JournalID>${j.id}</JournalID><Description>${j.description}</Description><Type>${j.type}</Type>\n`);
      yield* readBack(join(dir, `${j.id}.xml`));
      yield Buffer.from('</Journal>\n');
    }
    yield Buffer.from('</GeneralLedgerEntries>\n</AuditFile>\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
