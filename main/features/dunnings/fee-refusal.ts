/**
 * Why a dunning carries no fee, as a code and its figures (the catalogue's FEE_* codes, main/ops/error-codes.ts): the
 * law's rules (main/domain/dunning-fees.ts), a claim in another currency, or a fee set to 0 kr. Stored with the dunning
 * (migration 0028) and given to clients as `feeRefused: {code, params}`, which the GUI words in its language;
 * `feeRefusedReason` is the same in English, made here from the code and nowhere else.
 */
import { Type } from '@sinclair/typebox';
import type { FeeAnswer } from '../../domain/dunning-fees.js';
import { errorMessage } from '../../ops/error-codes.js';

export const FEE_REFUSAL_CODES = [
  'FEE_TOO_SOON_AFTER_DUE_DATE',
  'FEE_DEADLINE_TOO_SHORT',
  'FEE_TWO_FEES_CHARGED',
  'FEE_AFTER_DEBT_COLLECTION_NOTICE',
  'FEE_EARLIER_DEADLINE_NOT_PASSED',
  'FEE_NOT_IN_NOK',
  'FEE_SET_TO_ZERO',
] as const;
export type FeeRefusalCode = (typeof FEE_REFUSAL_CODES)[number];

export interface FeeRefused {
  code: FeeRefusalCode;
  params: Record<string, string | number>;
}

export const FeeRefusedView = Type.Object(
  {
    code: Type.Union(FEE_REFUSAL_CODES.map((c) => Type.Literal(c))),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: false, description: 'why the notice carries no fee: a code (errors.<code> in the GUI) and its figures' },
);

/** The refusal of one of the law's rules. */
export const refusedByLaw = (a: Extract<FeeAnswer, { allowed: false }>): FeeRefused => ({ code: `FEE_${a.code}`, params: a.params });

/** The English sentence of a refusal (the API's feeRefusedReason). */
export const feeRefusedText = (f: FeeRefused | null): string | null => (f ? errorMessage(f.code, f.params as never) : null);

const isCode = (c: string | null): c is FeeRefusalCode => (FEE_REFUSAL_CODES as readonly string[]).includes(c ?? '');

/** A stored dunning's refusal (null when it had a fee, or for an old sentence migration 0028 could not read). */
export function storedRefusal(r: { fee_refused_code: string | null; fee_refused_params: string | null }): FeeRefused | null {
  return isCode(r.fee_refused_code) ? { code: r.fee_refused_code, params: JSON.parse(r.fee_refused_params ?? '{}') } : null;
}

/** A stored dunning's English reason: from its code, else the sentence as it was stored. */
export const storedReason = (r: { fee_refused_code: string | null; fee_refused_params: string | null; fee_refused_reason: string | null }): string | null =>
  feeRefusedText(storedRefusal(r)) ?? r.fee_refused_reason;
