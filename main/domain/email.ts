/** A plain e-mail address (what SMTP servers accept in RCPT TO); at most 64 characters is checked by the schemas. */
export const EMAIL_RE = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

/**
 * The one address rule of Kvitt: what a recipient, a participant, an event's contact, the accountant's address and the
 * outbox accept is the same, so an address saved anywhere can later be mailed (no `a,b@…`, `a(b@…`, `"x"@…`, no spaces,
 * at most 254 characters as SMTP allows). `address` is taken as it is: callers trim first.
 */
export function isEmailAddress(address: string): boolean {
  return address.length <= 254 && EMAIL_RE.test(address);
}
