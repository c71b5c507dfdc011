import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BankFileError } from '../../main/features/bank/parse/bank-tx.js';
import { parseOcrGiro } from '../../main/features/bank/parse/ocr-giro.js';
import { ocrFile, type OcrPayment } from './fixtures/ocr-records.js';

const all = (text: string) => [...parseOcrGiro(text)];
const refusal = (text: string): BankFileError => {
  try {
    all(text);
  } catch (e) {
    if (e instanceof BankFileError) return e;
    throw e;
  }
  throw new Error('the file was not refused');
};

describe('OCR giro', () => {
  test('every transaction type is read: oppgjørsdato, amount in øre, KID, archive reference, payer account, free text', () => {
    const types = ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21'];
    const payments: OcrPayment[] = types.map((type, i) => ({
      type,
      no: i + 1,
      settled: '150326',
      amount: 10_000 + i,
      kid: type === '20' || type === '21' ? undefined : `0000${i}`,
      reference: String(900000 + i),
      payerAccount: '12345678903',
      text: type === '20' || type === '21' ? `Faktura ${1000 + i}` : undefined,
    }));
    const txs = all(ocrFile(payments));
    expect(txs).toHaveLength(12);
    for (const [i, t] of txs.entries()) {
      expect(t.kind).toBe(types[i]);
      expect(t.date).toBe('2026-03-15');
      expect(t.amount).toBe(10_000 + i);
      expect(t.currency).toBe('NOK');
      expect(t.account).toBe('86011117947');
      expect(t.reference).toBe(String(900000 + i).padStart(9, '0'));
      expect(t.payerAccount).toBe('12345678903');
      expect(t.booked).toBe(true);
    }
    // 18 and 20 are reversals: money out, listed and never matched.
    expect(txs.filter((t) => !t.credit).map((t) => t.kind)).toEqual(['18', '20']);
    expect(txs[0].kid).toBe('00000');
    expect(txs[10].kid).toBeNull();
    expect(txs[11].message).toBe('Faktura 1011');
    expect(txs[0].dedupKey).toBe('OCR:2026-03-15:0115000001:10000:00000');
  });

  test('a file with trailing blanks stripped and LF line ends reads the same', () => {
    const text = ocrFile([{ no: 1, settled: '010226', amount: 12_550, kid: '123455' }]);
    const stripped = text.split('\r\n').map((l) => l.replace(/ +$/, '')).join('\n');
    expect(all(stripped)).toEqual(all(text));
  });

  test.each([
    ['assignmentCount', 'number of transactions', 5],
    ['assignmentSum', 'total amount (øre)', 5],
    ['transmissionSum', 'total amount (øre)', 6],
    ['transmissionRecords', 'number of records', 6],
  ] as const)('end record with a wrong %s is refused naming its line', (wrong, what, line) => {
    const e = refusal(ocrFile([{ no: 1, settled: '150326', amount: 500, kid: '1230' }], { wrong }));
    expect(e.code).toBe('BANK_FILE_TOTALS');
    expect(e.params).toMatchObject({ line, what });
    expect(e.message).toContain(`line ${line}`);
  });

  test('structural faults are refused with the line: long record, missing end, bad date, item 2 out of place, unknown type', () => {
    const ok = ocrFile([{ no: 1, settled: '150326', amount: 500, kid: '1230' }]).split('\r\n');
    const cases: [string[], number, RegExp][] = [
      [[...ok.slice(0, 2), ok[2] + 'X', ...ok.slice(3)], 3, /80 characters/],
      [ok.slice(0, 5), 5, /no transmission end/],
      [[...ok.slice(0, 2), ok[2].slice(0, 15) + '311326' + ok[2].slice(21), ...ok.slice(3)], 3, /oppgjørsdato/],
      [[...ok.slice(0, 2), ok[3], ok[2], ...ok.slice(4)], 3, /does not follow/],
      [[...ok.slice(0, 2), ok[2].slice(0, 4) + '99' + ok[2].slice(6), ...ok.slice(3)], 3, /unknown transaction type 99/],
    ];
    for (const [lines, line, message] of cases) {
      const e = refusal(lines.join('\n'));
      expect(e.code).toBe('BANK_FILE_BAD_RECORD');
      expect(e.params.line).toBe(line);
      expect(e.message).toMatch(message);
    }
  });

  test('property: any set of payments written as a valid file reads back exactly, with the totals accepted', () => {
    const payment = fc.record({
      type: fc.constantFrom('10', '11', '12', '13', '14', '15', '16', '17', '19', '21'),
      amount: fc.integer({ min: 1, max: 99_999_999_99 }),
      kid: fc.option(fc.stringMatching(/^\d{2,25}$/), { nil: undefined }),
      day: fc.integer({ min: 1, max: 28 }),
    });
    fc.assert(
      fc.property(fc.array(payment, { minLength: 0, maxLength: 30 }), (ps) => {
        const payments = ps.map((p, i) => ({ type: p.type, no: i + 1, settled: `${String(p.day).padStart(2, '0')}0326`, amount: p.amount, kid: p.type === '21' ? undefined : p.kid, text: p.type === '21' ? 'x' : undefined }));
        const txs = all(ocrFile(payments, { settled: '280326' }));
        expect(txs.map((t) => [t.amount, t.kid, t.date])).toEqual(payments.map((p) => [p.amount, p.kid ?? null, `2026-03-${p.settled.slice(0, 2)}`]));
      }),
      { numRuns: 60 },
    );
  });
});
