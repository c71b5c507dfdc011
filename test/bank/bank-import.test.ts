import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { camtFile, ocrFile, ocrSpec, type OcrPayment } from '../helpers/bank-file-gen.js';
import { importFile, invoice, invoiceView, OWN, payments, postFile, startDocServer, transactions, type DocServer } from './setup.js';

let s: DocServer;
beforeEach(async () => {
  s = await startDocServer();
});
afterEach(() => s.close());

describe('OCR giro over HTTP', () => {
  test('KID payments: full, partial and over are registered dated the oppgjørsdato; reversal listed; unknown KID and text payments left with suggestions', async () => {
    const a = await invoice(s, 1000);
    const b = await invoice(s, 1000);
    const c = await invoice(s, 1000);
    const d = await invoice(s, 777);
    const file = ocrFile(
      ocrSpec(OWN, '2026-03-14', [
        { amountOre: 100_000, kid: a.kid, type: 10, archiveRef: 111 },
        { amountOre: 40_000, kid: b.kid, type: 13 },
        { amountOre: 120_000, kid: c.kid, type: 16 },
        { amountOre: 5_000, kid: a.kid, type: 18 },
        { amountOre: 77_700, kid: '99999995', type: 19 },
        { amountOre: 1_000, type: 21, text: `Betaling faktura ${d.number}` },
      ] satisfies OcrPayment[]),
    );
    const f = await importFile(s, file, 'OCR.20260314.txt', 'text/plain');
    expect(f).toMatchObject({ format: 'OCR', fileName: 'OCR.20260314.txt', transactions: 6, matched: 3, unmatched: 2, ignored: 1, duplicates: 0, amount: 3387, matchedAmount: 2600 });

    // The invoices: a paid, b partly paid, c overpaid (200 kr to refund), d untouched.
    expect((await invoiceView(s, a.number)).state).toBe('paid');
    expect((await invoiceView(s, b.number)).currentBalance).toBe(600);
    const cv = await invoiceView(s, c.number);
    expect([cv.currentBalance, cv.stateDetail.toRefund]).toEqual([-200, 200]);
    expect((await invoiceView(s, d.number)).currentBalance).toBe(777);
    const [pa] = await payments(s, a.number);
    expect(pa).toMatchObject({ kind: 'payment', date: '2026-03-14', amount: 1000, bankTransaction: { bankFileId: f.id, fileName: 'OCR.20260314.txt', reference: '000000111', date: '2026-03-14' } });

    const txs = await transactions(s, f.id);
    expect(txs.map((t) => [t.status, t.reason, t.invoiceNumber])).toEqual([
      ['MATCHED', null, a.number],
      ['MATCHED', null, b.number],
      ['MATCHED', null, c.number],
      ['IGNORED', 'DEBIT', null],
      ['UNMATCHED', 'UNKNOWN_KID', null],
      ['UNMATCHED', 'NO_KID', null],
    ]);
    expect(txs[0].paymentId).toBe(pa.id);
    expect(txs[3]).toMatchObject({ amount: -50, credit: false, kind: '18' });
    // 777 kr with an unknown KID: d has that amount; the text payment names d's number.
    expect(txs[4].suggestions).toEqual([{ invoiceNumber: d.number, reason: 'SAME_AMOUNT' }]);
    expect(txs[5].suggestions).toEqual([{ invoiceNumber: d.number, reason: 'INVOICE_NUMBER_IN_MESSAGE' }]);
    expect(txs[5].message).toBe(`Betaling faktura ${d.number}`);

    const unmatched = await s.json('/bank-transactions/?status=UNMATCHED');
    expect(unmatched.body.map((t: { id: number }) => t.id)).toEqual([txs[4].id, txs[5].id]);
    expect(unmatched.res.headers.get('x-total-count')).toBe('2');
  });

  test('the same file again, or one repeating its payments, registers nothing twice: they count as duplicates', async () => {
    const a = await invoice(s, 500);
    const payment = { amountOre: 20_000, kid: a.kid, serial: 7 };
    const first = await importFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [payment])));
    expect(first).toMatchObject({ transactions: 1, matched: 1, duplicates: 0 });
    const again = await importFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [payment])));
    expect(again).toMatchObject({ transactions: 1, matched: 0, unmatched: 0, duplicates: 1, amount: 0 });
    const more = await importFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [payment, { amountOre: 10_000, kid: a.kid, serial: 8 }])));
    expect(more).toMatchObject({ transactions: 2, matched: 1, duplicates: 1 });
    expect((await payments(s, a.number)).map((p) => p.amount)).toEqual([200, 100]);
    expect((await invoiceView(s, a.number)).currentBalance).toBe(200);
    const list = await s.json('/bank-files/?perPage=2');
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([more.id, again.id]);
    expect(list.res.headers.get('x-total-count')).toBe('3');
  });

  test.each([
    ['assignment transactions', { assignmentSkew: { transactions: 1 } }, 5],
    ['assignment sum', { assignmentSkew: { amountOre: 100 } }, 5],
    ['transmission records', { skew: { records: -1 } }, 6],
    ['transmission sum', { skew: { amountOre: 1 } }, 6],
  ])('wrong %s: refused naming the line, and nothing of the file is written', async (_what, extra, line) => {
    const a = await invoice(s, 500);
    const res = await postFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [{ amountOre: 50_000, kid: a.kid }], extra)));
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.fields).toEqual([expect.objectContaining({ field: '(body)', code: 'BANK_FILE_TOTALS', params: expect.objectContaining({ line }) })]);
    expect(body.message).toContain(`line ${line}`);
    // The payment registered while reading the file was rolled back with it.
    expect(await payments(s, a.number)).toEqual([]);
    expect((await s.json('/bank-files/')).body).toEqual([]);
    expect((await s.json('/bank-transactions/')).body).toEqual([]);
  });
});

describe('OCR end-record sums and reversals', () => {
  // Nets, System Specification OCR giro (end record for assignment and for transmission): the total amount is the sum of
  // every amount item 1, reversals (types 18 and 20) added like payments, never subtracted. One rule, so a sum that only
  // fits with the reversals subtracted is refused.
  const file = (kid: string, extra: Parameters<typeof ocrSpec>[3] = {}) =>
    ocrFile(ocrSpec(OWN, '2026-03-14', [{ amountOre: 50_000, kid }, { amountOre: 5_000, kid, type: 18 }], extra));

  test('the sum with the reversal added is accepted', async () => {
    const a = await invoice(s, 500);
    const f = await importFile(s, file(a.kid));
    expect(f).toMatchObject({ transactions: 2, matched: 1, ignored: 1 });
  });

  test.each([
    ['assignment end', { assignmentSkew: { amountOre: -10_000 } }, 7],
    ['transmission end', { skew: { amountOre: -10_000 } }, 8],
  ] as const)('a %s whose sum has the reversal subtracted is refused naming its line; nothing is written', async (_what, extra, line) => {
    const a = await invoice(s, 500);
    const res = await postFile(s, file(a.kid, extra));
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.fields).toEqual([
      expect.objectContaining({ field: '(body)', code: 'BANK_FILE_TOTALS', params: expect.objectContaining({ line, expected: 45_000, found: 55_000, what: 'total amount (øre)' }) }),
    ]);
    expect(body.message).toContain(`line ${line}`);
    expect(body.message).toContain('reversals added, not subtracted');
    expect(await payments(s, a.number)).toEqual([]);
    expect((await s.json('/bank-files/')).body).toEqual([]);
  });
});

describe('camt over HTTP', () => {
  test('credits to the own account matched by KID; debits, other accounts and pending entries listed; paid, credited and written-off invoices left unmatched with the reason', async () => {
    const open = await invoice(s, 300);
    const paid = await invoice(s, 100);
    const credited = await invoice(s, 100);
    const lost = await invoice(s, 100);
    expect((await s.json(`/invoices/${paid.number}/payments`, { body: { date: '2026-03-02', amount: 100 } })).status).toBe(201);
    expect((await s.json(`/invoices/${credited.number}/credit-note`, { method: 'POST' })).status).toBe(201);
    expect((await s.json(`/invoices/${lost.number}/lost`, { body: { reason: 'Konkurs' } })).status).toBe(201);
    const xml = camtFile({
      kind: 'camt.054',
      version: 8,
      accounts: [
        {
          account: 'NO9386011117947',
          entries: [
            { bookingDate: '2026-03-13', valueDate: '2026-03-12', acctSvcrRef: 'R1', transactions: [{ amountOre: 30_000, kid: open.kid, partyName: 'Fjord Bygg AS', partyAccount: '12345678903' }] },
            { bookingDate: '2026-03-13', acctSvcrRef: 'R2', transactions: [{ amountOre: 10_000, kid: paid.kid }] },
            { bookingDate: '2026-03-13', acctSvcrRef: 'R3', transactions: [{ amountOre: 10_000, kid: credited.kid }] },
            { bookingDate: '2026-03-13', acctSvcrRef: 'R4', transactions: [{ amountOre: 10_000, kid: lost.kid }] },
            { bookingDate: '2026-03-13', acctSvcrRef: 'R5', credit: false, transactions: [{ amountOre: 5_000, partyName: 'Strøm AS' }] },
            { bookingDate: '2026-03-13', acctSvcrRef: 'R6', status: 'PDNG', transactions: [{ amountOre: 5_000, kid: open.kid }] },
          ],
        },
        { account: '12345678903', entries: [{ bookingDate: '2026-03-13', acctSvcrRef: 'R7', transactions: [{ amountOre: 30_000, kid: open.kid }] }] },
      ],
    });
    const f = await importFile(s, xml, 'camt054.xml', 'application/xml');
    expect(f).toMatchObject({ format: 'CAMT054', transactions: 7, matched: 1, unmatched: 3, ignored: 3, matchedAmount: 300 });
    const txs = await transactions(s, f.id);
    expect(txs.map((t) => [t.reference, t.status, t.reason])).toEqual([
      ['R1', 'MATCHED', null],
      ['R2', 'UNMATCHED', 'INVOICE_PAID'],
      ['R3', 'UNMATCHED', 'INVOICE_CREDITED'],
      ['R4', 'UNMATCHED', 'INVOICE_WRITTEN_OFF'],
      ['R5', 'IGNORED', 'DEBIT'],
      ['R6', 'IGNORED', 'NOT_BOOKED'],
      ['R7', 'IGNORED', 'OTHER_ACCOUNT'],
    ]);
    expect(txs[0]).toMatchObject({ date: '2026-03-12', payerName: 'Fjord Bygg AS', payerAccount: '12345678903', kid: open.kid, invoiceNumber: open.number });
    expect(txs[1].invoiceNumber).toBe(paid.number);
    // The value date, not the booking date, dates the payment.
    expect((await payments(s, open.number))[0]).toMatchObject({ date: '2026-03-12', amount: 300 });
    expect((await payments(s, paid.number)).length).toBe(1);
  });

  test('camt.053 statement of every version is read and matched', async () => {
    for (const version of [2, 3, 4, 5, 6, 7, 8] as const) {
      const inv = await invoice(s, 10 + version);
      const f = await importFile(s, camtFile({ kind: 'camt.053', version, accounts: [{ account: OWN, entries: [{ bookingDate: '2026-03-10', acctSvcrRef: `S${version}`, transactions: [{ amountOre: (10 + version) * 100, kid: inv.kid }] }] }] }));
      expect(f, `version ${version}`).toMatchObject({ format: 'CAMT053', transactions: 1, matched: 1 });
      expect((await invoiceView(s, inv.number)).state).toBe('paid');
    }
  });

  test('a foreign-currency invoice paid in NOK gets its currency amount from the invoice rate, as a manual payment does', async () => {
    expect((await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-03-01' } })).status).toBe(200);
    const eur = await invoice(s, 100, { currency: 'EUR' });
    const f = await importFile(s, camtFile({ version: 6, accounts: [{ account: OWN, entries: [{ bookingDate: '2026-03-10', transactions: [{ amountOre: 57_500, kid: eur.kid }] }] }] }));
    expect(f.matched).toBe(1);
    expect((await payments(s, eur.number))[0]).toMatchObject({ amount: 575, currencyAmount: 50 });
    expect((await invoiceView(s, eur.number)).currentBalance).toBe(50);
  });
});

describe('format and body', () => {
  test('anything but a bank file is refused with what was expected and what was found', async () => {
    const res = await postFile(s, '%PDF-1.7 not a bank file', { name: 'faktura.pdf' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields[0]).toMatchObject({ field: '(body)', code: 'BANK_FILE_UNKNOWN_FORMAT', params: { found: '"%PDF-1.7 not a bank file"' } });
    expect(body.fields[0].params.expected).toMatch(/OCR giro .*camt.054\/camt.053/);
    const json = await s.json('/bank-files/', { body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.fields[0]).toMatchObject({ field: '(body)', code: 'NOT_A_FILE' });
  });

  test('the browser GUI sends the file base64 through /_ops', async () => {
    const a = await invoice(s, 250);
    const res = await s.json('/_ops/bankFiles.import', {
      body: { query: { name: 'fra-nettbanken.xml' }, body: Buffer.from(camtFile({ accounts: [{ account: OWN, entries: [{ bookingDate: '2026-03-10', transactions: [{ amountOre: 25_000, kid: a.kid }] }] }] })).toString('base64') },
      headers: { 'x-kvitt-client': '1' },
    });
    expect(res.body).toMatchObject({ ok: true, value: { created: expect.stringMatching(/^\/bank-files\/\d+$/), body: { fileName: 'fra-nettbanken.xml', matched: 1 } } });
  });
});
