import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { issueInvoice, numberOf, startDocServer, type DocServer } from '../helpers/documents.js';
import { databaseChecksum } from '../helpers/db-probe.js';
import { TEST_KEY } from '../helpers/server.js';
import { ocrFile, ocrSpec } from '../helpers/bank-file-gen.js';

/** A server with something of every kind: customers, products, labels, custom fields, drafts, issued documents, payments. */
export interface World extends DocServer {
  /** The app's Kysely instance (app.ctx.db): SQLite or PostgreSQL. */
  db: Kysely<any>;
  invoice: number;
  paidInvoice: number;
  creditNote: number;
  offer: number;
  orderConfirmation: number;
  draft: number;
  offerDraft: number;
  label: number;
  customField: number;
  payment: number;
  /** A recurring invoice (issue 26), starting next month. */
  recurring: number;
  /** An imported OCR file (docs/bank-files.md) and an unmatched transaction of it. */
  bankFile: number;
  bankTransaction: number;
}

let bankSerial = 0;
/** A bank file as the JSON body of POST /bank-files/ takes it (base64), one payment with an unknown KID, new each call. */
export function bankFileBody(): string {
  bankSerial++;
  const file = ocrFile(ocrSpec('86011117947', '2026-03-14', [{ amountOre: 12_300 + bankSerial, kid: '99999995', serial: bankSerial }]));
  return JSON.stringify(Buffer.from(file).toString('base64'));
}

export async function startWorld(opts: { dbFile?: string } = {}): Promise<World> {
  const s = await startDocServer({ dbFile: opts.dbFile });
  const ok = async (path: string, body: unknown, method = 'POST') => {
    const r = await s.json(path, { method, body });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r;
  };
  const label = (await ok('/labels/', { name: 'Faste' })).body.number as number;
  const customField = (await ok('/custom-fields/', { name: 'Avdeling', type: 'TEXT' })).body.number as number;
  const items = [{ productCode: 'A1', quantity: 2 }, { description: 'Frakt', quantity: 1, unitPrice: 99.5, taxRate: 25 }];
  const invoice = await issueInvoice(s, { recipient: { number: s.company }, items });
  const paidInvoice = await issueInvoice(s, { recipient: { number: s.company }, items });
  const payment = (await ok(`/invoices/${paidInvoice}/payments`, { date: '2026-03-15', amount: 100 })).body.id as number;
  const creditNote = numberOf((await ok(`/invoices/${invoice}/credit-note`, { items: [{ description: 'Rabatt', quantity: 1, unitPrice: 10, taxRate: 25 }] })).res);
  const draft = numberOf((await ok('/invoices/drafts/', { recipient: { number: s.company }, items })).res);
  const offerDraft = numberOf((await ok('/offer/drafts/', { recipient: { number: s.company }, items })).res);
  const offerDraft2 = numberOf((await ok('/offer/drafts/', { recipient: { number: s.company }, items })).res);
  const offer = numberOf((await ok(`/offer/drafts/${offerDraft2}/issue`, {})).res);
  const orderConfirmation = numberOf((await ok(`/offer/${offer}/order-confirmation`, {})).res);
  const recurring = numberOf((await ok('/recurring/', { recipientNumber: s.company, items, interval: { unit: 'MONTH', every: 1 }, startDate: '2026-04-01' })).res);
  const bankFile = (await ok('/bank-files/', bankFileBody())).body.id as number;
  const bankTransaction = (await ok(`/bank-files/${bankFile}/transactions`, undefined, 'GET')).body[0].id as number;
  return Object.assign(s, {
    db: s.app.ctx.db as Kysely<any>,
    invoice,
    paidInvoice,
    creditNote,
    offer,
    orderConfirmation,
    draft,
    offerDraft,
    label,
    customField,
    payment,
    recurring,
    bankFile,
    bankTransaction,
  });
}

/** A built renderer stand-in, so /app/* is served (paths under /app are part of what is fuzzed). */
export function fakeRenderer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kvitt</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** A path of the operation with its parameters filled from the world (valid numbers, so the operation is reached). */
export function fillPath(path: string, w: World): string {
  const rules: Array<[RegExp, Record<string, string | number>]> = [
    [/^\/invoices\/credit-notes\/\{number\}/, { number: w.creditNote }],
    [/^\/invoices\/drafts\/\{number\}/, { number: w.draft }],
    [/^\/invoices\/\{number\}\/payments\/\{id\}/, { number: w.paidInvoice, id: w.payment }],
    [/^\/invoices\/\{number\}/, { number: w.invoice }],
    [/^\/offer\/drafts\/\{number\}/, { number: w.offerDraft }],
    [/^\/offer\/\{number\}/, { number: w.offer }],
    [/^\/order-confirmation\/\{number\}/, { number: w.orderConfirmation }],
    [/^\/recipients\//, { number: w.company }],
    [/^\/reports\/recipients\//, { number: w.company }],
    [/^\/labels\//, { number: w.label }],
    [/^\/custom-fields\//, { number: w.customField }],
    [/^\/originators\/current\/backups\//, { file: 'kvitt-20260315120000.sqlite' }],
    [/^\/shipment-methods\/recipient\//, { recipientNumber: w.company, documentType: 'invoice' }],
    [/^\/shipment-methods\/invoice\//, { baseDocumentNumber: w.invoice, documentType: 'invoice' }],
    [/^\/shipment-methods\//, { documentType: 'invoice', documentNumber: w.invoice }],
    [/^\/dunnings\/interest-rates\//, { from: '2026-01-01' }],
    [/^\/recurring\//, { number: w.recurring }],
    [/^\/bank-files\//, { id: w.bankFile }],
    [/^\/bank-transactions\//, { id: w.bankTransaction }],
  ];
  const values = rules.find(([re]) => re.test(path))?.[1] ?? {};
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? 1)));
}

/** SHA-256 over every row of every table (sorted), so any write, however small, changes it (SQLite and PostgreSQL). */
export const checksum = (db: Kysely<any>): Promise<string> => databaseChecksum(db);

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request exactly as given (path not normalised, any header), over a fresh loopback connection. */
export function send(port: number, req: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = req.body ?? '';
    const r = request(
      {
        host: '127.0.0.1',
        port,
        path: req.path,
        method: req.method,
        headers: { ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...req.headers },
        // A bound for a server that never answers, not a speed: the first EHF of a process starts its rule threads,
        // which took over 20 s in a CI run at load 19 (the PostgreSQL pass had some 15 % of a core then).
        timeout: 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`timeout: ${req.method} ${req.path}`)));
    r.on('error', reject);
    r.end(body);
  });
}

export const auth = { authorization: `Bearer ${TEST_KEY}` };
export const jsonHeaders = { ...auth, 'content-type': 'application/json' };

/** The error body every 4xx must carry. */
export function expectErrorBody(res: RawResponse, what: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    throw new Error(`${what}: ${res.status} without a JSON body: ${res.body.slice(0, 200)}`);
  }
  expect(parsed, what).toMatchObject({ error: expect.any(String), message: expect.any(String), fields: expect.any(Array) });
}
