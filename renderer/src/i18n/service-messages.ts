/**
 * The fallback for the few service texts that carry no code of their own yet: a dunning's `feeRefusedReason` (stored
 * with the dunning as text; dunnings/claim.ts and domain/dunning-fees.ts) and the CONFLICT sentence of a taken customer
 * number. Everything else is worded by code (error-messages.ts, errors.i18n.ts): field errors, NOT_FOUND by its
 * `params.entity`, an outbox row by its `lastErrorCode`. Remove a rule once the text it matches has a code. Anything
 * unknown is shown as it came, never hidden.
 */
import { formatDate } from '../shared/format';

type Rule = [RegExp, string];

const NB: Rule[] = [
  [/^a fee needs the notice to be sent at least (\d+) days after the due date (\S+); it is (-?\d+)$/, 'gebyr krever at varselet sendes minst $1 dager etter forfall ($2); det er $3'],
  [/^a fee needs a new deadline of at least (\d+) days; (\S+) gives (-?\d+)$/, 'gebyr krever minst $1 dagers ny frist; $2 gir $3'],
  [/^at most (\d+) notices of a claim may carry a fee, and (\d+) already do$/, 'høyst $1 varsler per krav kan ha gebyr, og $2 har det allerede'],
  [/^a fee was already charged on an inkassovarsel; no further notice may carry a fee$/, 'det er tatt gebyr for inkassovarsel; ingen flere varsler kan ha gebyr'],
  [/^a fee on a second notice only after the first notice's deadline (\S+) has passed$/, 'gebyr på neste varsel først når fristen $1 er ute'],
  [/^fees are charged in NOK and invoice (\d+) is in (\w+)$/, 'gebyr tas i NOK, og faktura $1 er i $2'],
  [/^the fee is set to 0 kr in Settings$/, 'gebyret er satt til 0 kr i Innstillinger'],
  [/^Customer number already in use$/, 'Kundenummeret er allerede i bruk'],
];

/** Dates in a service sentence as the one formatter writes them (15.11.2026 / 15 Nov 2026), never 2026-11-15. */
const datesOf = (text: string, lang: string) => text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatDate(iso, lang === 'en' ? 'en' : 'nb'));

export function localizeServiceMessage(message: string, lang: string): string {
  if (lang !== 'nb') return datesOf(message, lang);
  for (const [re, out] of NB) if (re.test(message)) return datesOf(message.replace(re, out), lang);
  return datesOf(message, lang);
}
