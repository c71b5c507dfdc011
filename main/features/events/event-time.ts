/**
 * An event's time as people read it (invoice lines, the invoice text, the participant's e-mails): Norwegian dates and
 * "kl.", never the stored 2026-04-20 09:00.
 */
import { formatDate } from '../../render/format.js';
import type { EventRow } from './events.view.js';

/** "20.04.2026 kl. 09:00" for a stored "2026-04-20 09:00". */
export const whenText = (dt: string) => `${formatDate(dt)} kl. ${dt.slice(11, 16)}`;

/** One day: "20.04.2026 kl. 09:00" (or "… kl. 09:00–15:00" with an end that day); several days: "10.05.2026–12.05.2026". */
export function eventWhen(ev: Pick<EventRow, 'starts_at' | 'end_at'>): string {
  const startDay = ev.starts_at.slice(0, 10);
  const end = ev.end_at;
  if (end && end.slice(0, 10) > startDay) return `${formatDate(startDay)}–${formatDate(end)}`;
  return end && end.slice(11, 16) > ev.starts_at.slice(11, 16) ? `${whenText(ev.starts_at)}–${end.slice(11, 16)}` : whenText(ev.starts_at);
}
