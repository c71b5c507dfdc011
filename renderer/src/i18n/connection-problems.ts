/**
 * What a failed connection to the mail server or the SMS service means, in words: Node's and nodemailer's codes
 * ("connect ECONNREFUSED 127.0.0.1:2525", EAUTH, ETIMEDOUT, a certificate error) sorted into the few things a person
 * can check (sending.i18n.ts: conn.mail.<problem>, conn.sms.unreachable). Unknown failures stay as the server said them.
 */
export type ConnectionProblem = 'refused' | 'notFound' | 'timeout' | 'auth' | 'tls' | 'reset';

export function connectionProblem(text: string, code?: string | number | null): ConnectionProblem | null {
  const s = `${code ?? ''} ${text}`;
  if (/ECONNREFUSED/.test(s)) return 'refused';
  if (/ENOTFOUND|EAI_AGAIN|EDNS|getaddrinfo/.test(s)) return 'notFound';
  if (/ETIMEDOUT|ETIMEOUT|timed? ?out|Greeting never received/i.test(s)) return 'timeout';
  if (/EAUTH|Invalid login|authentication (failed|unsuccessful)|535/i.test(s)) return 'auth';
  if (/ETLS|certificate|self[- ]signed|wrong version number|SSL routines|UNABLE_TO_VERIFY/i.test(s)) return 'tls';
  if (/ECONNRESET|ESOCKET|ECONNECTION|EPIPE|socket hang up|Connection closed/i.test(s)) return 'reset';
  return null;
}
