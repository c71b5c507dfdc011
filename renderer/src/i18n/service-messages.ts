/**
 * A service text shown as it came (a message with no code this GUI knows: an entity or code from a newer server, an
 * INVALID rule): only its dates are written as the person reads dates. Every other text is worded by code
 * (error-messages.ts, errors.i18n.ts); no English sentence is ever read to choose a Norwegian one.
 */
import { formatDate } from '../shared/format';

/** Dates in a service sentence as the one formatter writes them (15.11.2026 / 15 Nov 2026), never 2026-11-15. */
export function localizeServiceMessage(message: string, lang: string): string {
  return message.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => formatDate(iso, lang === 'en' ? 'en' : 'nb'));
}
