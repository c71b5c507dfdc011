/** Poststed from Postnummer on the public signup form: the lookup the page's script asks, and the fill when the form is sent without it. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POSTCODE_FILL_SCRIPT, POSTCODE_FILL_SCRIPT_CSP } from '../../main/domain/postcode-fill.js';
import type { DocServer } from '../helpers/documents.js';
import { createEvent, startEventServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
  s = await startEventServer();
  delete process.env.KVITT_PUBLIC_RATE_LIMIT;
});
afterAll(() => s.close());

describe('Poststed from Postnummer', () => {
  test('the CSP hash is the hash of the script the page carries', () => {
    expect(POSTCODE_FILL_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(POSTCODE_FILL_SCRIPT).digest('base64')}'`);
  });

  test('GET /events/postcodes/{postnummer} answers the register without a key; a malformed one is a 400 naming it', async () => {
    expect(await (await fetch(`${s.base}/events/postcodes/7010`)).json()).toEqual({ postcode: '7010', city: 'TRONDHEIM' });
    expect(await (await fetch(`${s.base}/events/postcodes/0002`)).json()).toEqual({ postcode: '0002', city: null });
    const bad = await fetch(`${s.base}/events/postcodes/70a0`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('postcode');
  });

  test('a form sent with Postnummer and no Poststed gets the Poststed of the register; one typed in is kept', async () => {
    const ev = await createEvent(s, { price: 0, discountCodes: { label: '', codes: [] }, customFields: [], productNumber: null });
    const post = (form: Record<string, string>) =>
      fetch(`${s.base}/events/${ev.id}/signup`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
    const base = { email: 'a@example.no', 'invoice.address': 'Vei 1' };
    expect((await post({ ...base, name: 'Uten Poststed', 'invoice.name': 'Uten Poststed', 'invoice.zip': '7010' })).status).toBe(200);
    expect((await post({ ...base, name: 'Med Poststed', 'invoice.name': 'Med Poststed', 'invoice.zip': '7010', 'invoice.city': 'Trondheim sentrum' })).status).toBe(200);
    const ps = (await s.json(`/host/events/${ev.number}/participants`)).body as Array<{ name: string; invoice: { city: string | null } | null }>;
    expect(ps.find((p) => p.name === 'Uten Poststed')?.invoice?.city).toBe('TRONDHEIM');
    expect(ps.find((p) => p.name === 'Med Poststed')?.invoice?.city).toBe('Trondheim sentrum');
  });
});
