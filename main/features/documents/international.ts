/**
 * The "international" block of a document in another currency than NOK: the originator's BIC, IBAN (from the bank
 * account when no IBAN is set) and VAT number. Built here only: issuing freezes it on the document (issue.service.ts),
 * drafts show the originator's current one, and every read shape answers it the same way (internationalShape).
 */
import { ibanFromAccount } from '../../domain/bank-account.js';
import type { DocRow } from './document-rows.js';

export interface International {
  bic: string | null;
  iban: string | null;
  vatNumber: string | null;
}

/** The company settings an international block is made of (stored settings JSON may lack any of them). */
export interface InternationalSource {
  bic?: string | null;
  iban?: string | null;
  bankAccount?: string | null;
  orgNumber?: string | null;
  vatRegistered?: boolean;
}

/** The block for the originator's company settings (key order fixed: it is part of an issued document's content hash). */
export function internationalOf(c: InternationalSource): International {
  return {
    bic: c.bic ?? null,
    iban: c.iban ?? ibanFromAccount(c.bankAccount),
    vatNumber: c.vatRegistered !== false && c.orgNumber ? `NO${c.orgNumber}MVA` : null,
  };
}

/** The API shape: null for NOK; issued documents carry the frozen block, drafts show the current one (`live`). */
export function internationalShape(d: Pick<DocRow, 'currency' | 'international' | 'exchange_rate_micro'>, live?: International | null) {
  if (d.currency === 'NOK') return null;
  const i = d.international ? (JSON.parse(d.international) as International) : (live ?? null);
  return { bic: i?.bic ?? null, iban: i?.iban ?? null, vatNumber: i?.vatNumber ?? null, exchangeRate: d.exchange_rate_micro / 1e6 };
}
