import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { feeAllowed, type FeeQuestion } from '../../main/domain/dunning-fees.js';
import { addDays } from '../../main/domain/late-interest.js';
import { codeOfSentence } from '../../db/migrations/0028_fee_refusal_codes.js';
import { FEE_REFUSAL_CODES, feeRefusedText, refusedByLaw, type FeeRefused } from '../../main/features/dunnings/fee-refusal.js';

const DUE = '2026-03-02';
const ask = (over: Partial<FeeQuestion>): ReturnType<typeof feeAllowed> =>
  feeAllowed({ invoiceDueDate: DUE, dunningDate: addDays(DUE, 14), dueDate: addDays(DUE, 28), debtCollectionNotice: false, earlierFees: [], ...over });

describe('dunning fee: the boundary days', () => {
  test('13 days after the due date: no fee, and the answer says why', () => {
    const a = ask({ dunningDate: addDays(DUE, 13), dueDate: addDays(DUE, 27) });
    expect(a).toEqual({ allowed: false, code: 'TOO_SOON_AFTER_DUE_DATE', params: { days: 14, dueDate: '2026-03-02', after: 13 } });
    expect(feeRefusedText(refusedByLaw(a as Extract<typeof a, { allowed: false }>))).toBe('a fee needs the notice to be sent at least 14 days after the due date 2026-03-02; it is 13');
  });

  test('14 days after the due date: fee allowed', () => {
    expect(ask({ dunningDate: addDays(DUE, 14) })).toEqual({ allowed: true });
  });

  test('a new deadline of 13 days: no fee; 14 days: fee', () => {
    const d = addDays(DUE, 20);
    expect(ask({ dunningDate: d, dueDate: addDays(d, 13) })).toMatchObject({ allowed: false, code: 'DEADLINE_TOO_SHORT' });
    expect(ask({ dunningDate: d, dueDate: addDays(d, 14) })).toEqual({ allowed: true });
  });

  test('the second fee only after the first deadline: on the deadline day no, the day after yes', () => {
    const first = { dunningDate: addDays(DUE, 14), dueDate: addDays(DUE, 28), debtCollectionNotice: false };
    const on = addDays(DUE, 28);
    expect(ask({ dunningDate: on, dueDate: addDays(on, 14), earlierFees: [first] })).toMatchObject({ allowed: false, code: 'EARLIER_DEADLINE_NOT_PASSED' });
    const after = addDays(DUE, 29);
    expect(ask({ dunningDate: after, dueDate: addDays(after, 14), earlierFees: [first] })).toEqual({ allowed: true });
    expect(ask({ dunningDate: after, dueDate: addDays(after, 14), debtCollectionNotice: true, earlierFees: [first] })).toEqual({ allowed: true });
  });

  test('a third fee is refused however late', () => {
    const fees = [
      { dunningDate: addDays(DUE, 14), dueDate: addDays(DUE, 28), debtCollectionNotice: false },
      { dunningDate: addDays(DUE, 29), dueDate: addDays(DUE, 43), debtCollectionNotice: false },
    ];
    const late = addDays(DUE, 200);
    const a = ask({ dunningDate: late, dueDate: addDays(late, 30), earlierFees: fees });
    expect(a).toEqual({ allowed: false, code: 'TWO_FEES_CHARGED', params: { max: 2, count: 2 } });
    expect(feeRefusedText(refusedByLaw(a as Extract<typeof a, { allowed: false }>))).toMatch(/at most 2 notices of a claim may carry a fee, and 2 already do/);
  });

  test('after a fee-bearing inkassovarsel no further fee', () => {
    const late = addDays(DUE, 200);
    const fees = [{ dunningDate: addDays(DUE, 14), dueDate: addDays(DUE, 28), debtCollectionNotice: true }];
    expect(ask({ dunningDate: late, dueDate: addDays(late, 30), earlierFees: fees })).toMatchObject({ allowed: false, code: 'AFTER_DEBT_COLLECTION_NOTICE' });
  });
});

describe('dunning fee: properties', () => {
  const offset = fc.integer({ min: -30, max: 400 });
  test('allowed exactly when every rule holds', () => {
    fc.assert(
      fc.property(offset, fc.integer({ min: -5, max: 60 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (after, deadline, earlier, gap, dcn) => {
        const dunningDate = addDays(DUE, after);
        const earlierFees = Array.from({ length: earlier }, (_, i) => ({
          dunningDate: addDays(DUE, 14 + i),
          dueDate: addDays(DUE, 28 + i),
          debtCollectionNotice: false,
        }));
        const lastDeadline = earlier ? addDays(DUE, 28 + earlier - 1) : null;
        const date = lastDeadline ? addDays(lastDeadline, gap - 10) : dunningDate;
        const a = ask({ dunningDate: date, dueDate: addDays(date, deadline), debtCollectionNotice: dcn, earlierFees });
        const expected =
          addDays(DUE, 14) <= date && deadline >= 14 && earlier < 2 && (lastDeadline === null || date > lastDeadline);
        expect(a.allowed).toBe(expected);
        if (!a.allowed) expect(feeRefusedText(refusedByLaw(a)), 'every refusal has its wording in the catalogue').toMatch(/fee/);
      }),
    );
  });
});

describe('dunnings made before codes (migration 0028)', () => {
  const samples: FeeRefused[] = [
    { code: 'FEE_TOO_SOON_AFTER_DUE_DATE', params: { days: 14, dueDate: '2026-03-02', after: -3 } },
    { code: 'FEE_DEADLINE_TOO_SHORT', params: { days: 14, deadline: '2026-03-20', given: 10 } },
    { code: 'FEE_TWO_FEES_CHARGED', params: { max: 2, count: 2 } },
    { code: 'FEE_AFTER_DEBT_COLLECTION_NOTICE', params: {} },
    { code: 'FEE_EARLIER_DEADLINE_NOT_PASSED', params: { deadline: '2026-04-01' } },
    { code: 'FEE_NOT_IN_NOK', params: { invoiceNumber: 17, currency: 'EUR' } },
    { code: 'FEE_SET_TO_ZERO', params: {} },
  ];
  test('every sentence Kvitt wrote is read back into its code and figures, and an unknown one is left as it is', () => {
    expect(samples.map((s) => s.code).sort()).toEqual([...FEE_REFUSAL_CODES].sort());
    for (const s of samples) expect(codeOfSentence(feeRefusedText(s)!), s.code).toEqual(s);
    expect(codeOfSentence('some other sentence')).toBeNull();
  });
});
