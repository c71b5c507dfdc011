/**
 * One process never hands another a shipment it is sending (docs/office-leases.md). A flush (`POST /outbox/flush`) and
 * the background sender's passes (the 30-second timer, a new shipment) come at any moment. If two passes of one process
 * ran at once, the one ending first gave back every claim of the process, also the other pass's shipments still with
 * the SMTP server, and a second process took those and sent them again (seen in office mode: three mails twice among
 * 200, on a loaded machine). Made step by step here: a background pass, a flush waiting behind it, the flush sending
 * while the SMTP server holds its answers, and then the timer's pass.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, test } from 'vitest';
import { claimShipments } from '../../main/features/sending/claims.js';
import { startSender, type OutboxSender } from '../../main/features/sending/sender.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { useSmtp } from './helpers.js';

/** An SMTP server that holds its answer to the mails for the addresses in `holding` until `release`. */
class Smtp {
  readonly accepted: string[] = [];
  /** Recipients whose mail has begun (DATA), in order. */
  readonly begun: string[] = [];
  holding = new Set<string>();
  private held: Array<() => void> = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, cb) => {
      const to = session.envelope.rcptTo[0]?.address ?? '';
      this.begun.push(to);
      simpleParser(stream)
        .then((m) => {
          const accept = () => (this.accepted.push(m.messageId ?? '(none)'), cb());
          if (this.holding.has(to)) this.held.push(accept);
          else accept();
        })
        .catch(cb);
    },
  });
  async listen(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    return (this.server.server.address() as AddressInfo).port;
  }
  release(): void {
    for (const accept of this.held.splice(0)) accept();
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

let s: DocServer | undefined;
let sender: OutboxSender | undefined;
let smtp: Smtp | undefined;
afterEach(async () => {
  if (smtp) smtp.holding.clear(), smtp.release();
  await sender?.stop();
  await s?.close();
  await smtp?.close();
});

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what} (mails begun: ${smtp?.begun.join(', ')})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a pass that starts while a flush sends gives back nothing of the flush: another claimant gets none of its shipments, each mail goes once', async () => {
  s = await startDocServer();
  smtp = new Smtp();
  await useSmtp(s, await smtp.listen());
  await s.json('/originators/current/settings', { method: 'PUT', body: { invoicing: { attachPdf: false } } });
  const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ description: 'Rådgivning', quantity: 1, unitPrice: 1000, taxRate: 25 }] });
  // Eight shipments queued while no sender runs; the last four wait for a retry (a background pass leaves them, a flush takes them).
  const sent = await s.json(`/invoices/${n}/send`, { body: { email: Array.from({ length: 8 }, (_, k) => ({ address: `kunde${k}@example.no` })) } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const address = (k: number) => `kunde${k}@example.no`;
  const [first, second] = [[0, 1, 2, 3].map(address), [4, 5, 6, 7].map(address)];
  const idsOf = async (addresses: string[]) =>
    (await s!.app.ctx.db.selectFrom('outbox').select('id').where('address', 'in', addresses).orderBy('id').execute()).map((r) => Number(r.id));
  const [now, later] = [await idsOf(first), await idsOf(second)];
  const ids = [...now, ...later];
  await s.app.ctx.db.updateTable('outbox').set({ next_attempt_at: '2099-01-01T00:00:00.000Z' }).where('id', 'in', later).execute();

  smtp.holding = new Set(first);
  sender = startSender(s.app.ctx, { pollMs: 3_600_000 }); // its first pass takes the four due ones
  await until('the first pass sends its four', () => first.every((a) => smtp!.begun.includes(a)));
  const flushed = sender.flush(); // waits behind that pass
  smtp.holding = new Set(second);
  smtp.release();
  await until("the flush's four are with the SMTP server", () => second.every((a) => smtp!.begun.includes(a)));
  void sender.pump(); // the timer's pass, while the flush sends
  await new Promise((r) => setTimeout(r, 300));

  // Another process looks for work: the flush's shipments are still claimed.
  const other = await claimShipments(s.app.ctx, 'another-process', { after: 0, limit: 10, force: true });
  expect(other.ids, 'shipments with the SMTP server were free for another process').toEqual([]);

  smtp.holding.clear();
  smtp.release();
  const results = await flushed;
  expect(results.map((r) => [r.id, r.status])).toEqual(later.map((id) => [id, 'DELIVERED']));
  const rows = await s.app.ctx.db.selectFrom('outbox').select(['id', 'status', 'message_id', 'claimed_by']).where('id', 'in', ids).orderBy('id').execute();
  expect(rows.map((r) => [Number(r.id), r.status, r.claimed_by])).toEqual([...ids].sort((a, b) => a - b).map((id) => [id, 'DELIVERED', null]));
  expect([...smtp.accepted].sort()).toEqual(rows.map((r) => r.message_id).sort());
  expect(ids).toHaveLength(8);
}, 60_000);
