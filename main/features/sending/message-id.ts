/** A Message-ID fixed when the mail is queued, so a resend after a crash is recognisably the same mail. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.includes('@') ? fromAddress.split('@')[1] : 'kvitt.local';
  return `<kvitt.${crypto.randomUUID()}@${domain}>`;
}
