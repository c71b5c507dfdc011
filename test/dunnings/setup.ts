import { expect } from 'vitest';
import { BACKDATING, issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

export { startDocServer, BACKDATING, type DocServer };

/** An invoice of `amount` kr without VAT to the company (or `recipient`), issued `invoiceDate`, due `dueDate`. */
export function owe(s: DocServer, amount: number, dueDate: string, over: Record<string, unknown> = {}) {
  return issueInvoice(s, {
    recipient: { number: s.company },
    invoiceDate: '2026-01-10',
    dueDate,
    items: [{ description: 'Rådgivning', quantity: 1, unitPrice: amount, taxRate: 0 }],
    ...over,
  });
}

export const numberOf = (res: Response) => Number(res.headers.get('location')!.split('/').pop());

export async function dun(s: DocServer, body: Record<string, unknown>) {
  const r = await s.json('/dunnings/', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
}
