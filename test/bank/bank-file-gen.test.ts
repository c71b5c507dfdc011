/**
 * The bank-file generator (test/helpers/bank-file-gen.ts) writes what banks send: OCR records are 80 characters and the
 * end records count and sum what is above them (or are wrong by exactly the skew asked for); camt files are well-formed
 * XML (xmllint) with the version's namespace and shapes, amounts and references where a reader looks for them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../main/domain/kid.js';
import {
  CAMT_VERSIONS, OCR_TRANSACTION_TYPES, camtChunks, camtCredits, camtFile, camtNamespace, ocrChunks, ocrFile, ocrSpec, writeBankFile,
  type CamtFileSpec, type OcrPayment,
} from '../helpers/bank-file-gen.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-bankgen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function xmllint(path: string): string {
  try {
    execFileSync('xmllint', ['--noout', path], { stdio: 'pipe' });
    return '';
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  }
}

/** Every element path -> its texts, by a streaming parse (saxes), to read a generated camt file back. */
function texts(xml: string): { ns: string; values: Map<string, string[]> } {
  const p = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  const values = new Map<string, string[]>();
  let ns = '';
  let buf = '';
  p.on('opentag', (t) => { if (!stack.length) ns = t.uri; stack.push(t.local); buf = ''; });
  p.on('text', (t) => { buf += t; });
  p.on('closetag', () => {
    const path = stack.join('/');
    if (buf.trim()) values.set(path, [...(values.get(path) ?? []), buf.trim()]);
    buf = '';
    stack.pop();
  });
  p.write(xml.replace(/^\uFEFF/, '')).close();
  return { ns, values };
}

const ACCOUNT = '86011117947';
const kid = (n: number) => withCheckDigit('MOD10', String(n).padStart(6, '0'));

describe('OCR giro', () => {
  const payments: OcrPayment[] = OCR_TRANSACTION_TYPES.map((type, i) => ({
    type, amountOre: 10_000 + i * 111, kid: kid(1000 + i), payerAccount: '12345678903', text: type >= 20 ? 'Faktura 1042 Ærlig Øl' : undefined,
    settlementDate: i < 6 ? '2026-11-26' : '2026-11-27',
  }));

  it('writes 80-character records with the right end-record counts and sums for every transaction type', () => {
    const file = ocrFile(ocrSpec(ACCOUNT, '2026-11-27', payments));
    const lines = file.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.every((l) => l.length === 80)).toBe(true);
    expect(lines[0].slice(0, 8)).toBe('NY000010');
    expect(lines[1].slice(0, 8)).toBe('NY090020');
    expect(lines[1].slice(24, 35)).toBe(ACCOUNT);
    const items1 = lines.filter((l) => l.slice(6, 8) === '30');
    const items3 = lines.filter((l) => l.slice(6, 8) === '32');
    expect(items1.map((l) => Number(l.slice(4, 6)))).toEqual([...OCR_TRANSACTION_TYPES]);
    expect(items3.map((l) => l.slice(15, 55).trimEnd())).toEqual(['Faktura 1042 Ærlig Øl', 'Faktura 1042 Ærlig Øl']);
    // amount item 1: settlement date, sign for the reversals (18, 20), amount, KID right-aligned in 25
    const first = items1[0];
    expect(first.slice(15, 21)).toBe('261126');
    expect(Number(first.slice(32, 49))).toBe(10_000);
    expect(first.slice(49, 74)).toBe(kid(1000).padStart(25, ' '));
    expect(items1.filter((l) => l[31] === '-').map((l) => l.slice(4, 6))).toEqual(['18', '20']);
    // amount item 2: order date and the payer's account
    const item2 = lines.find((l) => l.slice(6, 8) === '31')!;
    expect(item2.slice(41, 47)).toBe('261126');
    expect(item2.slice(47, 58)).toBe('12345678903');
    const sum = payments.reduce((s, p) => s + p.amountOre, 0);
    const assignmentEnd = lines[lines.length - 2];
    expect(assignmentEnd.slice(0, 8)).toBe('NY090088');
    expect(Number(assignmentEnd.slice(8, 16))).toBe(12);
    expect(Number(assignmentEnd.slice(16, 24))).toBe(lines.length - 2);
    expect(Number(assignmentEnd.slice(24, 41))).toBe(sum);
    expect(assignmentEnd.slice(41, 59)).toBe('271126261126271126');
    const end = lines[lines.length - 1];
    expect(end.slice(0, 8)).toBe('NY000089');
    expect(Number(end.slice(8, 16))).toBe(12);
    expect(Number(end.slice(16, 24))).toBe(lines.length);
    expect(Number(end.slice(24, 41))).toBe(sum);
  });

  it('makes wrong totals exactly where asked, and counts several assignments in the transmission end record', () => {
    const file = ocrFile({
      date: '2026-11-27', eol: '\n', skew: { amountOre: 1 },
      assignments: [{ account: ACCOUNT, payments: payments.slice(0, 2), skew: { transactions: -1, records: 2 } }, { account: '12345678903', payments: payments.slice(2, 3) }],
    });
    const lines = file.trimEnd().split('\n');
    const ends = lines.filter((l) => l.startsWith('NY090088'));
    expect(ends.map((l) => [Number(l.slice(8, 16)), Number(l.slice(16, 24))])).toEqual([[1, 8], [1, 4]]);
    const end = lines[lines.length - 1];
    expect(Number(end.slice(8, 16))).toBe(3);
    expect(Number(end.slice(16, 24))).toBe(lines.length);
    expect(Number(end.slice(24, 41))).toBe(payments.slice(0, 3).reduce((s, p) => s + p.amountOre, 0) + 1);
  });

  it('refuses what no OCR record can hold', () => {
    expect(() => ocrFile(ocrSpec(ACCOUNT, '2026-11-27', [{ amountOre: 1.5 }]))).toThrow(/øre/);
    expect(() => ocrFile(ocrSpec(ACCOUNT, '2026-11-27', [{ amountOre: 1, kid: '1'.repeat(26) }]))).toThrow(/kid/);
  });
});

describe('camt.054 and camt.053', () => {
  const spec = (kind: 'camt.054' | 'camt.053', version: (typeof CAMT_VERSIONS)[number]): CamtFileSpec => ({
    kind, version, bom: version === 3,
    accounts: [
      {
        account: ACCOUNT, openingBalanceOre: 500_00,
        entries: [
          { bookingDate: '2026-11-26', valueDate: '2026-11-27', transactions: [{ amountOre: 1234_50, kid: kid(42), partyName: 'Bakeriet & Sønn AS', partyAccount: '12345678903', endToEndId: 'E2E-1' }] },
          { bookingDate: '2026-11-27', acctSvcrRef: 'BATCH-7', transactions: [{ amountOre: 100_00, kid: kid(43) }, { amountOre: 200_00, message: 'Faktura 1044 <takk>' }] },
          { bookingDate: '2026-11-27', credit: false, transactions: [{ amountOre: 99_00, partyName: 'Strømselskapet', message: 'Strøm november' }] },
        ],
      },
      { account: 'NO9386011117947', entries: [{ bookingDate: '2026-11-27', valueDate: null, transactions: [{ amountOre: 1, kid: kid(44) }] }] },
    ],
  });

  for (const kind of ['camt.054', 'camt.053'] as const) {
    for (const version of CAMT_VERSIONS) {
      it(`${kind}.001.0${version} is well-formed and carries every field a reader needs`, () => {
        const path = join(dir, `${kind}.${version}.xml`);
        writeBankFile(path, camtChunks(spec(kind, version)));
        expect(xmllint(path)).toBe('');
        const xml = readFileSync(path, 'utf8');
        const { ns, values } = texts(xml);
        expect(ns).toBe(camtNamespace(kind, version));
        const root = kind === 'camt.054' ? 'Document/BkToCstmrDbtCdtNtfctn/Ntfctn' : 'Document/BkToCstmrStmt/Stmt';
        expect(values.get(`${root}/Acct/Id/Othr/Id`)).toEqual([ACCOUNT]);
        expect(values.get(`${root}/Acct/Id/IBAN`)).toEqual(['NO9386011117947']);
        expect(values.get(`${root}/Ntry/Amt`)).toEqual(['1234.50', '300.00', '99.00', '0.01']);
        expect(values.get(`${root}/Ntry/CdtDbtInd`)).toEqual(['CRDT', 'CRDT', 'DBIT', 'CRDT']);
        expect(values.get(`${root}/Ntry/${version >= 7 ? 'Sts/Cd' : 'Sts'}`)).toHaveLength(4);
        expect(values.get(`${root}/Ntry/ValDt/Dt`)).toEqual(['2026-11-27', '2026-11-27', '2026-11-27']);
        expect(values.get(`${root}/Ntry/AcctSvcrRef`)).toContain('BATCH-7');
        const tx = `${root}/Ntry/NtryDtls/TxDtls`;
        expect(values.get(`${tx}/RmtInf/Strd/CdtrRefInf/Ref`)).toEqual([kid(42), kid(43), kid(44)]);
        expect(values.get(`${tx}/RmtInf/Ustrd`)).toEqual(['Faktura 1044 <takk>', 'Strøm november']);
        expect(values.get(`${tx}/Refs/EndToEndId`)).toContain('E2E-1');
        expect(values.get(`${tx}/Refs/AcctSvcrRef`)).toEqual(expect.arrayContaining(['BATCH-7-1', 'BATCH-7-2']));
        expect(values.get(`${tx}/AmtDtls/TxAmt/Amt`)).toEqual(['1234.50', '100.00', '200.00', '99.00', '0.01']);
        expect(values.get(`${tx}/Amt`)).toEqual(version >= 4 ? ['1234.50', '100.00', '200.00', '99.00', '0.01'] : undefined);
        expect(values.get(`${tx}/RltdPties/${version >= 8 ? 'Dbtr/Pty/Nm' : 'Dbtr/Nm'}`)).toEqual(['Bakeriet & Sønn AS']);
        expect(values.get(`${tx}/RltdPties/${version >= 8 ? 'Cdtr/Pty/Nm' : 'Cdtr/Nm'}`)).toEqual(['Strømselskapet']);
        expect(values.get(`${tx}/RltdPties/DbtrAcct/Id/Othr/Id`)).toEqual(['12345678903']);
        expect(values.get(`${root}/Ntry/NtryDtls/Btch/NbOfTxs`)).toEqual(['2']);
        if (kind === 'camt.053') {
          expect(values.get(`${root}/Bal/Tp/CdOrPrtry/Cd`)).toEqual(['OPBD', 'CLBD', 'OPBD', 'CLBD']);
          // 500.00 + 1234.50 + 300.00 - 99.00 = 1935.50; the second account 0 + 0.01
          expect(values.get(`${root}/Bal/Amt`)).toEqual(['500.00', '1935.50', '0.00', '0.01']);
        }
      });
    }
  }

  it('streams 100,000 KID payments into a well-formed camt.054 and a 100,000-payment OCR file', () => {
    const n = 100_000;
    const camtPath = join(dir, 'big.xml');
    writeBankFile(camtPath, camtChunks({
      version: 8, created: '2026-11-27T06:00:00',
      accounts: [camtCredits(ACCOUNT, '2026-11-27', (function* () { for (let i = 1; i <= n; i++) yield { amountOre: 100_00 + i, kid: kid(i) }; })())],
    }));
    expect(xmllint(camtPath)).toBe('');
    const camt = readFileSync(camtPath, 'utf8');
    expect(camt.match(/<Ref>/g)).toHaveLength(n);
    const ocrPath = join(dir, 'big.ocr');
    const bytes = writeBankFile(ocrPath, ocrChunks(ocrSpec(ACCOUNT, '2026-11-27', (function* () {
      for (let i = 1; i <= n; i++) yield { amountOre: 100_00 + i, kid: kid(i) };
    })())), 'latin1');
    expect(statSync(ocrPath).size).toBe(bytes);
    expect(bytes).toBe((2 * n + 4) * 82);
    const end = readFileSync(ocrPath, 'latin1').trimEnd().split('\r\n').at(-1)!;
    expect(Number(end.slice(8, 16))).toBe(n);
    expect(Number(end.slice(24, 41))).toBe(n * 100_00 + (n * (n + 1)) / 2);
  });

  it('escapes text and keeps whole amounts exact', () => {
    const xml = camtFile({ accounts: [{ account: ACCOUNT, entries: [{ bookingDate: '2026-11-27', transactions: [{ amountOre: 5, message: `"A" & 'B'` }] }] }] });
    const { values } = texts(xml);
    expect(values.get('Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry/Amt')).toEqual(['0.05']);
    expect(values.get('Document/BkToCstmrDbtCdtNtfctn/Ntfctn/Ntry/NtryDtls/TxDtls/RmtInf/Ustrd')).toEqual([`"A" & 'B'`]);
  });
});
