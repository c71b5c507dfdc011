import { prepared } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import { isValidBankAccount, isValidIban, normaliseAccount } from '../../domain/bank-account.js';
import { isValidOrgNumber, normaliseOrgNumber } from '../../domain/orgnr.js';
import { fieldError, FieldErrors, OpError } from '../../ops/errors.js';
import { forgetTxMemo, txMemo } from '../../ops/tx-memo.js';
import { audit } from '../audit/index.js';
import { countryCode, countryName } from '../common/index.js';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from './settings.schema.js';
import { checkSendingPatch, mergeSending, sendingView } from './sending-section.js';
import { inTx } from '../../ops/transaction.js';
import { accountingWithDefaults, mergeAccounting } from './accounting-settings.js';
import { deepFreeze } from '../../ops/frozen.js';

type Section = keyof Settings;
const SECTIONS: Section[] = ['company', 'invoicing', 'api', 'ui', 'sending', 'dunning', 'accounting', 'updates'];

/**
 * Settings read inside a transaction, kept for the rest of it: a signup reads them in four places, and a group-commit
 * batch (main/ops/group-commit.ts) once for all its members. updateSettings drops them when it writes.
 */
const MEMO = 'settings:';
/** Compiled once (db/fast.ts): read by every transaction that issues (a group-commit batch once). */
const allSettings = prepared((db) => db.selectFrom('settings').select(['key', 'value']));

/** Settings as getSettings gives them: frozen (and typed read-only), so one object can be shared by every caller. */
export type ReadSettings = { readonly [S in keyof Settings]: DeepReadonly<Settings[S]> };
type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };

/**
 * The settings, frozen: a caller that wants a changed copy spreads it (none changes them; a write to a frozen object
 * throws). Inside a transaction the same object is handed to every caller until updateSettings writes (before, each
 * call returned a structuredClone of the kept settings: 2.9 % of the server's thread in a paid signup).
 */
export async function getSettings(ctx: AppContext): Promise<ReadSettings> {
  const memo = txMemo(ctx);
  const kept = memo?.get(MEMO) as ReadSettings | undefined;
  if (kept) return kept;
  const rows = await allSettings.rows(ctx.db);
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value)]));
  const out = structuredClone(DEFAULT_SETTINGS) as Settings;
  for (const s of SECTIONS) {
    if (s === 'accounting') out.accounting = accountingWithDefaults(stored.get(s));
    else Object.assign(out[s], stored.get(s) ?? {});
  }
  const frozen = deepFreeze(out) as ReadSettings;
  memo?.set(MEMO, frozen);
  return frozen;
}

/** The API's view: countries by name, as everywhere in the spec. */
export function settingsView(s: Settings) {
  return { ...s, company: { ...s.company, country: countryName(s.company.country) }, sending: sendingView(s.sending) };
}

export async function updateSettings(ctx: AppContext, patch: SettingsPatch): Promise<Settings> {
  const errors = new FieldErrors();
  const company = patch.company ? { ...patch.company } : undefined;
  if (company) {
    // An emptied field is "not set", not an empty string that later reads as a value.
    for (const k of ['orgNumber', 'bankAccount', 'iban', 'bic'] as const) {
      if (typeof company[k] === 'string' && company[k]!.trim() === '') company[k] = null;
    }
    if (company.orgNumber) {
      if (!isValidOrgNumber(company.orgNumber)) errors.add('company.orgNumber', 'INVALID_ORG_NUMBER');
      else company.orgNumber = normaliseOrgNumber(company.orgNumber);
    }
    if (company.bankAccount) {
      if (!isValidBankAccount(company.bankAccount)) errors.add('company.bankAccount', 'INVALID_ACCOUNT');
      else company.bankAccount = normaliseAccount(company.bankAccount);
    }
    if (company.iban) {
      if (!isValidIban(company.iban)) errors.add('company.iban', 'INVALID_IBAN');
      else company.iban = company.iban.replace(/\s/g, '').toUpperCase();
    }
    if (company.country !== undefined) {
      const code = countryCode(company.country);
      if (!code) errors.add('company.country', 'UNKNOWN_COUNTRY');
      else company.country = code;
    }
  }
  if (patch.sending) checkSendingPatch(patch.sending, errors);
  const current = await getSettings(ctx);
  const accounting = patch.accounting ? mergeAccounting(current.accounting as Settings['accounting'], patch.accounting, errors) : undefined;
  errors.throwIfAny();

  const issued = await ctx.db.selectFrom('documents').select('id').where('number', 'is not', null).limit(1).executeTakeFirst();
  if (issued && patch.invoicing) {
    const locked = (['firstInvoiceNumber', 'firstCreditNoteNumber', 'creditNotesOwnSeries'] as const).filter(
      (k) => patch.invoicing![k] !== undefined && patch.invoicing![k] !== current.invoicing[k],
    );
    if (locked.length) {
      throw new OpError(
        'NUMBERING_LOCKED',
        'The number series cannot change once a document has been issued',
        locked.map((k) => fieldError(`invoicing.${k}`, 'NUMBERING_LOCKED')),
      );
    }
  }

  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    for (const s of SECTIONS) {
      const part = s === 'company' ? company : patch[s];
      if (!part) continue;
      const merged = s === 'sending' ? mergeSending(current.sending, patch.sending!) : s === 'accounting' ? accounting : { ...current[s], ...part };
      await trx
        .insertInto('settings')
        .values({ key: s, value: JSON.stringify(merged) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(merged) }))
        .execute();
      await audit(tctx, 'settings', s, 'update', s === 'company' ? { ...part, logo: part && 'logo' in part ? '(logo)' : undefined } : s === 'sending' ? sendingView(merged as Settings['sending']) : part);
    }
    forgetTxMemo(tctx, MEMO); // written: a later read in this transaction reads them again
  });
  return getSettings(ctx);
}
