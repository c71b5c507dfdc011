import i18n from 'i18next';

/**
 * A shipment's description as the service wrote it when it was queued ("Faktura 12 sendt på e-post", "Kopi av purring 3
 * sendt på e-post", "SMS om faktura 12 sendt") said for its status now, in the GUI's language: a mail still in the outbox
 * "venter på å bli sendt", one that failed "ble ikke sendt"; short (Utboks, where the status column says the rest)
 * without "sendt". What the service wrote is read back into its parts (which document, a copy or not, how) and said
 * through the text files; a description of another shape (an event mail's subject) keeps its words, its "sendt …"
 * said anew.
 */
export function shipmentText(description: string, status: string, o: { short?: boolean } = {}): string {
  const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);
  const sms = /^SMS om (\p{L}+) (\d+) sendt$/u.exec(description);
  if (sms && DOCS.has(sms[1].toLowerCase())) return t('ship.sms', { what: doc(sms[1], sms[2]).toLowerCase() });
  const smsTo = /^SMS (sendt )?til (\S+)$/.exec(description);
  if (smsTo) return t(smsTo[1] ? 'ship.smsSentTo' : 'ship.smsTo', { to: smsTo[2] });
  const m = /^(Kopi av )?(.+) sendt (på e-post|i posten|som EHF)$/.exec(description);
  if (!m) return description;
  const parts = /^(\p{L}+) (\d+)$/u.exec(m[2]);
  let what = parts && DOCS.has(parts[1].toLowerCase()) ? doc(parts[1], parts[2]) : m[2];
  if (m[1]) what = t('ship.copy', { what: what.toLowerCase() });
  const how = t(`ship.how.${HOW[m[3]]}`);
  if (o.short && status !== 'DELIVERED') return t('ship.short', { what, how });
  return t(status === 'IN_PROGRESS' ? 'ship.waiting' : status === 'NOT_DELIVERED' ? 'ship.failed' : 'ship.sent', { what, how });
}

const DOCS = new Set(['faktura', 'kreditnota', 'tilbud', 'ordrebekreftelse', 'purring', 'inkassovarsel', 'rentenota']);
const HOW: Record<string, string> = { 'på e-post': 'email', 'i posten': 'paper', 'som EHF': 'ehf' };
const doc = (kind: string, n: string) => i18n.t(`ship.doc.${kind.toLowerCase()}`, { n });
