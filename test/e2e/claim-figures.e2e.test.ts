import { afterAll, beforeAll, expect, test } from 'vitest';
import { openGuiWithCompany, textOf, type Gui, goTo } from './helpers/browser.js';

/** Issue 21: the invoice page explains its balance — invoice total + reminder fees and interest − paid = balance. */
let gui: Gui;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  gui = await openGuiWithCompany();
});
afterAll(async () => {
  await gui?.close();
});

const kr = (v: number) => v.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

test('after a reminder and a part payment the page shows Purregebyr og renter, and the figures add up to Saldo', async () => {
  const { page, server } = gui;
  server.clock.set(daysAgo(45));
  const r = await server.json('/invoices/', { body: { recipient: { number: 1 }, invoiceDate: daysAgo(45), dueDate: daysAgo(31), items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 2500, taxRate: 25 }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const n = Number(r.res.headers.get('location')!.split('/').pop());
  server.clock.set(today);
  const d = await server.json('/dunnings/', { body: { invoiceNumber: n } });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  expect((await server.json(`/invoices/${n}/payments`, { body: { date: today, amount: 1000 } })).status).toBe(201);
  const charges = Math.round((d.body.dunningFee + d.body.interest) * 100) / 100;
  expect(charges).toBeGreaterThan(35);

  await goTo(page, `#/invoices/${n}`, page.getByTestId('invoice-charges'));
  await textOf(page.getByTestId('invoice-total'), '3 125,00');
  await textOf(page.getByTestId('invoice-charges'), `+ ${kr(charges)}`);
  await textOf(page.getByTestId('invoice-paid'), '1 000,00');
  await textOf(page.getByTestId('invoice-balance'), kr(3125 + charges - 1000));
  await gui.shot('invoice-claim-charges');
});
