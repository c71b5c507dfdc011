/** A plain e-mail address (what SMTP servers accept in RCPT TO); at most 64 characters is checked by the schemas. */
export const EMAIL_RE = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;
