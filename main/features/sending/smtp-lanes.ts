/**
 * The outbox's SMTP connections: at most `size` open (one per sending lane), each reused for up to MAX_MESSAGES mails,
 * every mail handed over as finished bytes (`raw`) with its envelope straight to nodemailer's SMTPConnection. The same
 * protocol work as nodemailer's pooled transport (connect, STARTTLS or TLS, AUTH, pipelined envelope, dot-stuffing),
 * without its per-mail layers (the mailer's plugins, a composer around the raw bytes, the pool's streams and queue):
 * they were about a third of the API thread's CPU per mail (README, Performance → Sending).
 * Errors are SMTPConnection's (responseCode, response, code), so deliver.ts's smtpOutcome reads them as before.
 */
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface Envelope {
  from: string;
  to: string[];
}

/** Mails per connection before it is closed and a new one opened (as nodemailer's pool does). */
const MAX_MESSAGES = 100;
/** An unused connection is closed after this long (servers drop idle ones; a fresh one costs a few ms). */
const IDLE_MS = 30_000;

interface Conn {
  c: SMTPConnection;
  /** Errored or ended by the server: never used again. */
  dead: boolean;
  dropped?: boolean;
  /** RSET sent after a refusal: the connection is neither idle nor free until it is answered or the connection ends. */
  resetting?: boolean;
  sent: number;
  idle?: NodeJS.Timeout;
}

export class SmtpLanes {
  private readonly idle: Conn[] = [];
  private readonly waiting: Array<() => void> = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly options: SMTPConnection.Options,
    private readonly auth: SMTPConnection.Credentials | undefined,
    private readonly size: number,
  ) {}

  /**
   * Sends one message; resolves with the server's acceptance, rejects with SMTPConnection's error. A reused connection
   * the server closed just as the mail started (421, a dropped socket) before any byte of the message went out: the
   * mail is tried once more on a new connection (as nodemailer's pool does), so it is not put off for a minute.
   */
  async send(envelope: Envelope, raw: Buffer): Promise<SMTPConnection.SentMessageInfo> {
    for (let attempt = 0; ; attempt++) {
      // The retry takes a new connection: the other idle ones were opened as long ago and a server that ends
      // connections after a number of mails would refuse it there too.
      const conn = await this.acquire(attempt > 0);
      const reused = conn.sent > 0;
      // A fresh envelope each time: SMTPConnection notes its errors on the object it is given.
      // The bytes as a stream SMTPConnection reads once the envelope is accepted: whether it was read tells whether
      // any of the message went out.
      const message = new Readable({
        read() {
          this.push(raw);
          this.push(null);
        },
      });
      try {
        const info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => conn.c.send({ from: envelope.from, to: [...envelope.to] }, message, (err, i) => (err ? reject(err) : resolve(i))));
        conn.sent++;
        this.release(conn);
        return info;
      } catch (err) {
        const e = err as SMTPConnection.SMTPError;
        const transient = e.responseCode === 421 || e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT';
        // A refused envelope or message leaves the connection usable after RSET; anything else ends it.
        if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.responseCode !== 421 && !conn.dead) {
          conn.resetting = true;
          conn.c.reset((resetErr) => ((conn.resetting = false), resetErr ? this.drop(conn) : this.release(conn)));
        } else this.drop(conn);
        if (reused && !message.readableDidRead && transient && attempt === 0) continue;
        throw err;
      }
    }
  }

  /** Closes every connection (the ones sending finish first: they close when released). */
  close(): void {
    this.closed = true;
    for (const conn of this.idle.splice(0)) this.drop(conn, true);
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** A free connection; `fresh`: a newly opened one (an idle one is closed to make room when all are open). */
  private async acquire(fresh = false): Promise<Conn> {
    for (;;) {
      if (this.closed) throw Object.assign(new Error('the SMTP connections were closed'), { code: 'ECONNECTION' });
      if (fresh) {
        if (this.open < this.size) return this.connect();
        const spare = this.idle.shift();
        if (spare) {
          this.drop(spare, true);
          continue;
        }
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      const conn = this.idle.pop();
      if (conn) {
        clearTimeout(conn.idle);
        if (!conn.dead) return conn;
        this.drop(conn);
        continue;
      }
      if (this.open < this.size) return this.connect();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(conn: Conn): void {
    if (this.closed || conn.dead || conn.sent >= MAX_MESSAGES) return this.drop(conn, true);
    conn.idle = setTimeout(() => {
      const i = this.idle.indexOf(conn);
      if (i >= 0) this.idle.splice(i, 1), this.drop(conn, true);
    }, IDLE_MS);
    conn.idle.unref();
    this.idle.push(conn);
    this.waiting.shift()?.();
  }

  /** Ends a connection (`polite`: with QUIT when it is healthy) and lets a waiting lane open another. */
  private drop(conn: Conn, polite = false): void {
    if (conn.dropped) return;
    conn.dropped = true;
    clearTimeout(conn.idle);
    this.open--;
    if (polite && !conn.dead) conn.c.quit();
    else conn.c.close();
    conn.dead = true;
    this.waiting.shift()?.();
  }

  private async connect(): Promise<Conn> {
    this.open++;
    const c = new SMTPConnection(this.options);
    const conn: Conn = { c, dead: false, sent: 0 };
    // Errors and the server's goodbye while idle only mark the connection; a send in hand gets them in its callback.
    c.on('error', () => (conn.dead = true));
    // A connection that ends while its RSET is unanswered never calls the reset back: it is dropped here, else its
    // slot would be taken for good (and with every slot gone, the outbox would wait forever).
    c.once('end', () => {
      conn.dead = true;
      if (conn.resetting) this.drop(conn);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        c.once('error', reject);
        c.connect((err) => (err ? reject(err) : resolve()));
      });
      if (this.auth && c.allowsAuth) await new Promise<void>((resolve, reject) => c.login(this.auth!, (err) => (err ? reject(err) : resolve())));
    } catch (err) {
      this.drop(conn);
      throw err;
    }
    c.removeAllListeners('error');
    c.on('error', () => (conn.dead = true));
    return conn;
  }
}
