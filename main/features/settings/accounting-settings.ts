/**
 * The `accounting` settings section (issue 27, Settings → Regnskap): the account of each kind of entry with its SAF-T
 * grouping (main/domain/accounting.ts has the defaults and rules), the contact person the SAF-T header names, and the
 * filer's VAT term (bimonthly or annual).
 */
import { Type } from '@sinclair/typebox';
import {
  ACCOUNT_KINDS,
  DEFAULT_ACCOUNTS,
  defaultGrouping,
  kindRule,
  mappingProblems,
  type AccountKind,
  type AccountMapping,
} from '../../domain/accounting.js';
import type { FieldErrors } from '../../ops/errors.js';
import { Closed, Nullable } from '../../ops/schemas.js';
import { isEmailAddress } from '../../domain/email.js';

const MappingPatch = Type.Object(
  {
    account: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: 'a 4-digit account of the standard chart' })),
    groupingCategory: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    groupingCode: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
  },
  { additionalProperties: false },
);

const NullName = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));

export const AccountingSettingsPatch = Type.Object(
  {
    /** The person the SAF-T header names; null: the owner (first owner user, else our reference, else the company). */
    contactFirstName: NullName(35),
    contactLastName: NullName(70),
    contactPhone: NullName(18),
    contactEmail: NullName(70),
    vatTerm: Type.Optional(Type.Union([Type.Literal('BIMONTHLY'), Type.Literal('ANNUAL')])),
    accounts: Type.Optional(Type.Object(Object.fromEntries(ACCOUNT_KINDS.map((k) => [k, Type.Optional(MappingPatch)])), { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type AccountingSettingsPatch = {
  contactFirstName?: string | null;
  contactLastName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
  vatTerm?: 'BIMONTHLY' | 'ANNUAL';
  accounts?: Partial<Record<AccountKind, Partial<AccountMapping>>>;
};

export interface AccountingSettings {
  contactFirstName: string | null;
  contactLastName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  vatTerm: 'BIMONTHLY' | 'ANNUAL';
  accounts: Record<AccountKind, AccountMapping>;
}

export const DEFAULT_ACCOUNTING: AccountingSettings = {
  contactFirstName: null,
  contactLastName: null,
  contactPhone: null,
  contactEmail: null,
  vatTerm: 'BIMONTHLY',
  accounts: DEFAULT_ACCOUNTS,
};

const MappingView = Closed({ account: Type.String(), groupingCategory: Type.String(), groupingCode: Type.String() });
export const AccountingSettingsView = Closed({
  contactFirstName: Nullable(Type.String()),
  contactLastName: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  contactEmail: Nullable(Type.String()),
  vatTerm: Type.Union([Type.Literal('BIMONTHLY'), Type.Literal('ANNUAL')]),
  accounts: Closed(Object.fromEntries(ACCOUNT_KINDS.map((k) => [k, MappingView])) as Record<AccountKind, typeof MappingView>),
});

/** The stored section with every kind present (a section stored before a kind was added gets its default). */
export function accountingWithDefaults(stored: Partial<AccountingSettings> | undefined): AccountingSettings {
  const accounts = { ...DEFAULT_ACCOUNTS, ...(stored?.accounts ?? {}) };
  return { ...DEFAULT_ACCOUNTING, ...(stored ?? {}), accounts };
}

/**
 * The section after a patch, with its errors: an account given without its grouping takes the grouping of its
 * business-statement line (defaultGrouping); each mapping must fit its kind (account class, grouping category and code).
 */
export function mergeAccounting(current: AccountingSettings, patch: AccountingSettingsPatch, errors: FieldErrors): AccountingSettings {
  const out: AccountingSettings = { ...current, accounts: { ...current.accounts } };
  for (const k of ['contactFirstName', 'contactLastName', 'contactPhone', 'contactEmail'] as const) {
    const v = patch[k];
    if (v !== undefined) out[k] = v === null || v.trim() === '' ? null : v.trim();
  }
  if (out.contactEmail && !isEmailAddress(out.contactEmail)) errors.add('accounting.contactEmail', 'INVALID_EMAIL');
  if (patch.vatTerm) out.vatTerm = patch.vatTerm;
  for (const kind of ACCOUNT_KINDS) {
    const p = patch.accounts?.[kind];
    if (!p) continue;
    const field = `accounting.accounts.${kind}`;
    let m: AccountMapping = { ...current.accounts[kind], ...p } as AccountMapping;
    if (p.account !== undefined && p.groupingCategory === undefined && p.groupingCode === undefined && p.account !== current.accounts[kind].account) {
      const g = defaultGrouping(p.account);
      if (!g) {
        errors.add(`${field}.groupingCode`, 'GROUPING_REQUIRED', { account: p.account });
        continue;
      }
      m = { account: p.account, ...g };
    }
    const rule = kindRule(kind);
    for (const { field: f, problem } of mappingProblems(kind, m)) {
      if (problem === 'ACCOUNT_CLASS') errors.add(`${field}.${f}`, 'ACCOUNT_CLASS', { accounts: rule.accounts });
      else if (problem === 'GROUPING_CATEGORY') errors.add(`${field}.${f}`, 'GROUPING_CATEGORY', { allowed: rule.categories });
      else errors.add(`${field}.${f}`, 'GROUPING_CODE', { category: m.groupingCategory });
    }
    out.accounts[kind] = m;
  }
  return out;
}
