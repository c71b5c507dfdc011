import type { Selectable } from 'kysely';
import type { RecipientsTable } from '../../../db/schema.js';
import type { PartySnapshot } from '../../render/document-view.js';
import type { Settings } from '../settings/index.js';
import { fieldError, OpError, type FieldError } from '../../ops/errors.js';
import { ibanFromAccount } from '../../domain/bank-account.js';

/** The originator as it is on the day a document is issued (frozen into the document). */
export function originatorSnapshot(s: Settings): PartySnapshot {
  const c = s.company;
  return {
    name: c.name,
    orgNumber: c.orgNumber,
    orgForm: c.orgForm,
    vatRegistered: c.vatRegistered,
    address1: c.address1,
    address2: c.address2,
    zip: c.zip,
    city: c.city,
    country: c.country,
    email: c.email,
    phone: c.phone,
    mobile: c.mobile,
    web: c.web,
    bankAccount: c.bankAccount,
    // Foreign-currency invoices print an IBAN: the one in Settings, else the Norwegian account's (a fixed conversion).
    iban: c.iban ?? ibanFromAccount(c.bankAccount),
    bic: c.bic,
    logo: c.logo,
  };
}

/** The recipient as it is on the day (drafts show it live; issuing freezes it). */
export function recipientSnapshot(r: Selectable<RecipientsTable>): PartySnapshot & { icd: number | null } {
  return {
    name: r.name,
    orgNumber: r.org_number,
    orgForm: r.org_form,
    icd: r.org_icd,
    address1: r.address1,
    address2: r.address2,
    zip: r.zip,
    city: r.city,
    country: r.country,
    email: r.email,
    phone: r.phone,
    mobile: r.mobile,
    fax: r.fax,
    web: r.web,
    recipientNumber: r.number,
    customerNumber: r.customer_number,
  };
}

/** What a real invoice needs from the originator (bokføringsforskriften 5-1-1): refusing is kinder than a void invoice. */
/**
 * 400 SETUP_MISSING: the document cannot be issued before the company is set up. `params.step` names the first-day
 * guide's step that fills the first missing field (company: name and org number; bank: the account), `params.fields`
 * the missing settings fields; each field error keeps its own code (COMPANY_NAME_MISSING, …). Clients word it by code.
 */
export function setupMissing(missing: FieldError[]): OpError {
  const step = missing.some((m) => m.field !== 'company.bankAccount') ? 'company' : 'bank';
  const fields = missing.map((m) => m.field).join(', ');
  return new OpError('SETUP_MISSING', `Set up ${fields} before issuing (Settings → Company, or the first-day guide)`, missing, { step, fields });
}

export function missingOriginatorFields(s: Settings, needsBankAccount: boolean): FieldError[] {
  const out: FieldError[] = [];
  if (!s.company.name?.trim()) out.push(fieldError('company.name', 'COMPANY_NAME_MISSING'));
  if (!s.company.orgNumber) out.push(fieldError('company.orgNumber', 'ORG_NUMBER_MISSING'));
  if (needsBankAccount && !s.company.bankAccount) {
    out.push(fieldError('company.bankAccount', 'BANK_ACCOUNT_MISSING'));
  }
  return out;
}
