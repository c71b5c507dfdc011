/** Settings → Regnskap over HTTP: the defaults, a changed account with its grouping, and the 400 naming each bad field. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('accounting settings', () => {
  test('defaults: 1500 customers, 1920 bank, sales and VAT per rate, each with its grouping pair', async () => {
    const { status, body } = await s.json('/originators/current/settings');
    expect(status).toBe(200);
    const a = body.accounting;
    expect(a.vatTerm).toBe('BIMONTHLY');
    expect(a.accounts.receivables).toEqual({ account: '1500', groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1500' });
    expect(a.accounts.bank.account).toBe('1920');
    expect([a.accounts.salesRegular.account, a.accounts.salesMiddle.account, a.accounts.salesLow.account]).toEqual(['3000', '3030', '3050']);
    expect([a.accounts.vatRegular.account, a.accounts.vatMiddle.account, a.accounts.vatLow.account]).toEqual(['2700', '2701', '2703']);
    expect(a.accounts.salesExport).toEqual({ account: '3105', groupingCategory: 'salgsinntekt', groupingCode: '3100' });
  });

  test('an account given alone takes the grouping of its line; the rest of the section stays', async () => {
    const { status, body } = await s.json('/originators/current/settings', {
      method: 'PUT',
      body: { accounting: { vatTerm: 'ANNUAL', contactFirstName: 'Kari', contactLastName: 'Nordmann', accounts: { salesRegular: { account: '3020' }, reminderFees: { account: '8079', groupingCategory: 'finansinntekt', groupingCode: '8079' } } } },
    });
    expect(status).toBe(200);
    expect(body.accounting.accounts.salesRegular).toEqual({ account: '3020', groupingCategory: 'salgsinntekt', groupingCode: '3000' });
    expect(body.accounting.accounts.reminderFees).toEqual({ account: '8079', groupingCategory: 'finansinntekt', groupingCode: '8079' });
    expect(body.accounting.accounts.bank.account).toBe('1920');
    expect(body.accounting.vatTerm).toBe('ANNUAL');
    const again = await s.json('/originators/current/settings');
    expect(again.body.accounting.contactLastName).toBe('Nordmann');
    expect(again.body.accounting.accounts.salesRegular.account).toBe('3020');
  });

  test('a sales account outside class 3, a wrong category and an unknown code are refused together; nothing is written', async () => {
    const before = (await s.json('/originators/current/settings')).body.accounting;
    const { status, body } = await s.json('/originators/current/settings', {
      method: 'PUT',
      body: {
        accounting: {
          vatTerm: 'BIMONTHLY',
          accounts: {
            salesLow: { account: '1500' },
            bank: { groupingCategory: 'salgsinntekt' },
            losses: { groupingCode: '7831' },
            interestIncome: { account: '8059' },
          },
        },
      },
    });
    expect(status).toBe(400);
    const fields = body.fields.map((f: { field: string; code: string }) => `${f.field} ${f.code}`).sort();
    expect(fields).toEqual([
      'accounting.accounts.bank.groupingCategory GROUPING_CATEGORY',
      'accounting.accounts.losses.groupingCode GROUPING_CODE',
      'accounting.accounts.salesLow.account ACCOUNT_CLASS',
      'accounting.accounts.salesLow.groupingCategory GROUPING_CATEGORY',
    ]);
    expect((await s.json('/originators/current/settings')).body.accounting).toEqual(before);
  });

  test('an account with no default grouping and a malformed number are named', async () => {
    const noGrouping = await s.json('/originators/current/settings', { method: 'PUT', body: { accounting: { accounts: { salesRegular: { account: '3400' } } } } });
    expect(noGrouping.status).toBe(400);
    expect(noGrouping.body.fields.map((f: { field: string; code: string }) => `${f.field} ${f.code}`)).toEqual(['accounting.accounts.salesRegular.groupingCode GROUPING_REQUIRED']);
    const malformed = await s.json('/originators/current/settings', { method: 'PUT', body: { accounting: { accounts: { bank: { account: '19200' } } } } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields.map((f: { field: string }) => f.field)).toEqual(['accounting.accounts.bank.account']);
  });
});
