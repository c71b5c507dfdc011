/**
 * A mail with a copy (Cc) whose own recipient the SMTP server refuses while it takes the copy: the shipment is for the
 * recipient, so it is not DELIVERED (550: NOT_DELIVERED with the server's answer; 451: tried again later).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocServer, type DocServer } from '../helpers/documents.js';
import { flush, startSmtp, useSmtp, type Smtp } from './helpers.js';

let s: DocServer;
let smtp: Smtp;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  smtp = await startSmtp();
  await useSmtp(s, smtp.port);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const emailReports = async (email: string) => expect((await s.json('/reports/email', { body: { email, copyEmail: 'kopi@fjordraad.no', reports: ['payments'], from: '2026-03-01', to: '2026-03-15' } })).status).toBe(200);

describe('a refused recipient with an accepted copy', () => {
  it('550 for the recipient: NOT_DELIVERED with the server answer, though the copy went out', async () => {
    await emailReports('reject@revisor.no');
    expect(await flush(s)).toEqual([expect.objectContaining({ status: 'NOT_DELIVERED', error: expect.stringContaining('no such user') })]);
    expect(smtp.rcpts.slice(-2)).toEqual(['reject@revisor.no', 'kopi@fjordraad.no']);
  });

  it('451 for the recipient: still IN_PROGRESS, tried again later', async () => {
    await emailReports('later@revisor.no');
    expect(await flush(s)).toEqual([expect.objectContaining({ status: 'IN_PROGRESS', error: expect.stringContaining('Try again later') })]);
  });

  it('both accepted: DELIVERED', async () => {
    await emailReports('regnskap@revisor.no');
    expect((await flush(s)).filter((r) => (r as { recipientAddress?: string }).recipientAddress === 'regnskap@revisor.no')).toEqual([expect.objectContaining({ status: 'DELIVERED' })]);
  });
});
