import type { Kysely } from 'kysely';

/**
 * Why a dunning carries no fee is kept as a code and its figures (fee_refused_code, fee_refused_params as JSON; the
 * catalogue's FEE_* codes, main/ops/error-codes.ts), so every screen words it in its own language from the code and
 * never by reading an English sentence. Dunnings made before keep their sentence; this migration reads it once, with
 * the seven sentences Kvitt wrote, into the code and figures. A sentence that fits none stays as it was (shown as it
 * came).
 */
const SENTENCES: Array<[RegExp, string, (m: RegExpExecArray) => Record<string, string | number>]> = [
  [/^a fee needs the notice to be sent at least (\d+) days after the due date (\S+); it is (-?\d+)$/, 'FEE_TOO_SOON_AFTER_DUE_DATE', (m) => ({ days: Number(m[1]), dueDate: m[2], after: Number(m[3]) })],
  [/^a fee needs a new deadline of at least (\d+) days; (\S+) gives (-?\d+)$/, 'FEE_DEADLINE_TOO_SHORT', (m) => ({ days: Number(m[1]), deadline: m[2], given: Number(m[3]) })],
  [/^at most (\d+) notices of a claim may carry a fee, and (\d+) already do$/, 'FEE_TWO_FEES_CHARGED', (m) => ({ max: Number(m[1]), count: Number(m[2]) })],
  [/^a fee was already charged on an inkassovarsel; no further notice may carry a fee$/, 'FEE_AFTER_DEBT_COLLECTION_NOTICE', () => ({})],
  [/^a fee on a second notice only after the first notice's deadline (\S+) has passed$/, 'FEE_EARLIER_DEADLINE_NOT_PASSED', (m) => ({ deadline: m[1] })],
  [/^fees are charged in NOK and invoice (\d+) is in (\w+)$/, 'FEE_NOT_IN_NOK', (m) => ({ invoiceNumber: Number(m[1]), currency: m[2] })],
  [/^the fee is set to 0 kr in Settings$/, 'FEE_SET_TO_ZERO', () => ({})],
];

/** The code and figures of a sentence Kvitt wrote before, or null. */
export function codeOfSentence(text: string): { code: string; params: Record<string, string | number> } | null {
  for (const [re, code, params] of SENTENCES) {
    const m = re.exec(text);
    if (m) return { code, params: params(m) };
  }
  return null;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dunnings').addColumn('fee_refused_code', 'text').execute();
  await db.schema.alterTable('dunnings').addColumn('fee_refused_params', 'text').execute();
  const rows = await db.selectFrom('dunnings').select(['number', 'fee_refused_reason']).where('fee_refused_reason', 'is not', null).execute();
  for (const r of rows as Array<{ number: number; fee_refused_reason: string }>) {
    const read = codeOfSentence(r.fee_refused_reason);
    if (read) await db.updateTable('dunnings').set({ fee_refused_code: read.code, fee_refused_params: JSON.stringify(read.params) }).where('number', '=', r.number).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
