/**
 * EHF to buyers outside Norway: the recipient's ICD decides the scheme of the buyer's EndpointID, PartyIdentification and
 * PartyLegalEntity (a VAT-number scheme goes to PartyTaxScheme). Invoices and credit notes fetched over HTTP are checked by the
 * official rules in-process (test/helpers/ehf-validator.ts; test/render/ehf-corpus.test.ts shows it agrees with
 * ../shared/peppol/validate-ehf, foreign buyers included); under CI missing rules fail the test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { create } from 'xmlbuilder2';
import { issueInvoice, numberOf, startDocServer, type DocServer } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';
import { ehfRulesPresent, problemLines, validateEhfXml } from '../helpers/ehf-validator.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-ehf-foreign-'));

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Case {
  icd: number | null;
  number: string;
  country: string;
  /** What the EHF carries: EndpointID scheme and value, the ICD of the legal entity (null: none), the buyer's VAT number. */
  endpoint: [string, string];
  legal: string | null;
  vat?: string;
  /** Also issue its credit note (both validated). */
  creditNote?: boolean;
  /** Give the invoice to the Java validator (about 20 s a file on a busy machine, so a subset: one per rule family). */
  validate?: boolean;
}

const CASES: Case[] = [
  { icd: null, number: '974760673', country: 'NO', endpoint: ['0192', '974760673'], legal: '0192' },
  { icd: 9908, number: '923 609 016', country: 'NO', endpoint: ['0192', '923609016'], legal: '0192' },
  { icd: 192, number: '984851006', country: 'NO', endpoint: ['0192', '984851006'], legal: '0192' },
  { icd: 7, number: '556036-0793', country: 'SE', endpoint: ['0007', '5560360793'], legal: '0007', creditNote: true, validate: true },
  { icd: 184, number: 'DK 13585019', country: 'DK', endpoint: ['0184', '13585019'], legal: '0184', creditNote: true, validate: true },
  { icd: 9930, number: '123456789', country: 'DE', endpoint: ['9930', 'DE123456789'], legal: null, vat: 'DE123456789', creditNote: true, validate: true },
  { icd: 88, number: '7080000000012', country: 'NO', endpoint: ['0088', '7080000000012'], legal: '0088', creditNote: true, validate: true },
  { icd: 208, number: '0403.031.040', country: 'BE', endpoint: ['0208', '0403031040'], legal: '0208', validate: true },
  { icd: 106, number: '12345678', country: 'NL', endpoint: ['0106', '12345678'], legal: '0106' },
  { icd: 9944, number: 'NL123456789B01', country: 'NL', endpoint: ['9944', 'NL123456789B01'], legal: null, vat: 'NL123456789B01', validate: true },
  { icd: 216, number: '003712345678', country: 'FI', endpoint: ['0216', '003712345678'], legal: '0216' },
  { icd: 151, number: '51 824 753 556', country: 'AU', endpoint: ['0151', '51824753556'], legal: '0151', validate: true },
  { icd: 198, number: '12345678', country: 'DK', endpoint: ['0198', 'DK12345678'], legal: '0198', validate: true },
  { icd: 9957, number: 'FR12345678901', country: 'FR', endpoint: ['9957', 'FR12345678901'], legal: null, vat: 'FR12345678901' },
  { icd: 60, number: '123456789', country: 'US', endpoint: ['0060', '123456789'], legal: '0060' },
];

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** The buyer's identifiers as the file carries them. */
function buyerIds(xml: string) {
  const doc = create(xml).node as unknown as Document;
  const party = doc.getElementsByTagNameNS(CAC, 'AccountingCustomerParty')[0].getElementsByTagNameNS(CAC, 'Party')[0];
  const one = (parent: Element, ns: string, name: string) => parent.getElementsByTagNameNS(ns, name)[0] as Element | undefined;
  const endpoint = one(party, CBC, 'EndpointID')!;
  const legal = one(one(party, CAC, 'PartyLegalEntity')!, CBC, 'CompanyID');
  const tax = one(party, CAC, 'PartyTaxScheme');
  return {
    endpoint: [endpoint.getAttribute('schemeID'), endpoint.textContent],
    legal: legal ? legal.getAttribute('schemeID') : null,
    legalValue: legal?.textContent ?? null,
    vat: tax ? one(tax, CBC, 'CompanyID')!.textContent : undefined,
  };
}

async function fetchXml(path: string): Promise<string> {
  const r = await s.api(path);
  expect(r.status, path).toBe(200);
  return r.text();
}

describe('EHF to a buyer with a foreign identifier', () => {
  const files: string[] = [];

  test.each(CASES)('ICD $icd ($country): the buyer carries scheme $endpoint.0', async (c) => {
    const r = await s.json('/recipients/', {
      body: recipient({
        name: `Kunde ${c.icd ?? 'uten ICD'} ${c.country}`,
        contact: { address: { address1: 'Gate 1', zip: '1234', city: 'BY', country: c.country } },
        organisation: { form: 'as', icd: c.icd, number: c.number },
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.organisation.number).toBe(c.endpoint[1]);
    const n = await issueInvoice(s, { recipient: { number: r.body.number }, items: [{ productCode: 'A1', quantity: 2 }, { productCode: 'BOK', quantity: 1 }] });
    const xml = await fetchXml(`/invoices/${n}/ehf`);
    const ids = buyerIds(xml);
    expect(ids.endpoint).toEqual(c.endpoint);
    expect(ids.legal).toBe(c.legal);
    if (c.legal) expect(ids.legalValue).toBe(c.endpoint[1]);
    expect(ids.vat).toBe(c.vat);
    const file = join(dir, `invoice-${c.endpoint[0]}-${c.icd}.xml`);
    writeFileSync(file, xml);
    if (c.validate) files.push(file);
    if (c.creditNote) {
      const cn = numberOf((await s.json(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
      const cxml = await fetchXml(`/invoices/credit-notes/${cn}/ehf`);
      expect(cxml).toContain('<CreditNote');
      expect(buyerIds(cxml).endpoint).toEqual(c.endpoint);
      const cfile = join(dir, `credit-note-${c.endpoint[0]}.xml`);
      writeFileSync(cfile, cxml);
      files.push(cfile);
    }
  });

  test.skipIf(!ehfRulesPresent())('each file passes the official Peppol BIS Billing 3.0 rules (no fatal rule; in-process, as validate-ehf)', async () => {
    expect(files).toHaveLength(CASES.filter((c) => c.validate).length + CASES.filter((c) => c.creditNote).length);
    for (const f of files) {
      const report = await validateEhfXml(readFileSync(f));
      expect(report.ok, `${f}\n${problemLines(report).join('\n')}`).toBe(true);
    }
  }, 300_000);
});

describe('a recipient identifier that would make an EHF fail is refused when saved', () => {
  test.each([
    [7, '5560360794', 'organisation.number', 'INVALID_PARTY_ID'],
    [88, '7080000000013', 'organisation.number', 'INVALID_PARTY_ID'],
    [184, '1358501', 'organisation.number', 'INVALID_PARTY_ID'],
    [9944, 'NL12345678901', 'organisation.number', 'INVALID_PARTY_ID'],
    [9908, '923609017', 'organisation.number', 'INVALID_ORG_NUMBER'],
    [1234, '12345678', 'organisation.icd', 'UNKNOWN_ICD'],
    [211, '12345678901', 'organisation.icd', 'UNKNOWN_ICD'],
  ])('ICD %i, number %s: 400 on %s (%s)', async (icd, number, field, code) => {
    const r = await s.json('/recipients/', { body: recipient({ organisation: { form: 'as', icd, number } }) });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([expect.objectContaining({ field, code })]);
  });
});
