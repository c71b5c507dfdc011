import { expect } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { TEST_KEY } from '../helpers/server.js';

export { startDocServer, type DocServer };
export const OWN = '86011117947';

/** An invoice of `kr` without VAT to the company (or `over.recipient`); answers its number and KID. */
export async function invoice(s: DocServer, kr: number, over: Record<string, unknown> = {}): Promise<{ number: number; kid: string }> {
  const number = await issueInvoice(s, {
    recipient: { number: s.company },
    invoiceDate: '2026-03-01',
    dueDate: '2026-03-31',
    items: [{ description: 'Rådgivning', quantity: 1, unitPrice: kr, taxRate: 0 }],
    ...over,
  });
  const got = await s.json(`/invoices/${number}`);
  return { number, kid: got.body.kid };
}

/** POST /bank-files/ with the file as the body. */
export function postFile(s: DocServer, body: string | Buffer, o: { type?: string; name?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${s.base}/bank-files/${o.name ? `?name=${encodeURIComponent(o.name)}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': o.type ?? 'application/octet-stream', ...o.headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

export async function importFile(s: DocServer, body: string | Buffer, name = 'innbetalinger.txt', type?: string) {
  const res = await postFile(s, body, { name, type });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  expect(res.headers.get('location')).toMatch(new RegExp(`/bank-files/${json.id}$`));
  // The import answers from the counts it kept while importing: the same as the file read back from its transactions.
  expect(json).toEqual((await s.json(`/bank-files/${json.id}`)).body);
  return json;
}

export async function transactions(s: DocServer, fileId: number) {
  const r = await s.json(`/bank-files/${fileId}/transactions?perPage=1000`);
  expect(r.status).toBe(200);
  return r.body as any[];
}

export async function invoiceView(s: DocServer, n: number) {
  return (await s.json(`/invoices/${n}`)).body;
}
export async function payments(s: DocServer, n: number) {
  return (await s.json(`/invoices/${n}/payments`)).body as any[];
}
