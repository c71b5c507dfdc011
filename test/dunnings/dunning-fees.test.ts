import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { feeAllowed, type FeeQuestion } from '../../main/domain/dunning-fees.js';
import { addDays } from '../../main/domain/late-interest.js';

const DUE = '2026-03-02';
const ask = (over: Partial<FeeQuestion>): ReturnType<typeof feeAllowed> =>
  feeAllowed({ invoiceDueDate: DUE, dunningDate: addDays(DUE, 14), dueDate: addDays(DUE, 28), debtCollectionNotice: false, earlierFees: [], ...over });

describe('dunning fee: the boundary days', () => {
  test('13 days after the due date: no fee, and the answer says why', () => {
    const a = ask({ dunningDate: addDays(DUE, 13), dueDate: addDays(DUE, 27) });
    expect(a).toMatchObject({ allowed: false, code: 'TOO_SOON_AFTER_DUE_DATE' });
    expect(a.allowed === false && a.reason).toMatch(/at least 14 days after the due date 2026-03-02; it is 13/);
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
    expect(a).toMatchObject({ allowed: false, code: 'TWO_FEES_CHARGED' });
    expect(a.allowed === false && a.reason).toMatch(/at most 2 notices/);
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
        if (!a.allowed) expect(a.reason.length).toBeGreaterThan(10);
      }),
    );
  });
});
