/**
 * The seed's hosted events (main/seed/events.seed.ts): Arrangementer is filled for a new user, the same for the same today.
 */
import { afterAll, expect, test } from 'vitest';
import { seedAll } from '../../main/seed/seed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const TODAY = '2026-03-15';
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function seeded() {
  const s = await startTestServer({ today: TODAY });
  servers.push(s);
  const counts = await seedAll(s.app.ctx, { seed: 3, recipients: 8, invoices: 12 });
  return { s, counts };
}
const body = async (s: TestServer, path: string) => {
  const r = await s.json(path);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};
/** An event without its random public id (the only thing that differs between two seeds). */
const stable = (e: any) => ({ ...e, id: undefined, _links: { ...e._links, public: undefined } });

test('upcoming events with participants in every status, one with codes and own questions, one past; the same for the same today', async () => {
  const [{ s, counts }, other] = await Promise.all([seeded(), seeded()]);
  expect(counts).toMatchObject({ events: 3, eventInvoices: 5, eventCreditNotes: 1 });

  const upcoming = await body(s, '/host/events/upcoming');
  expect(upcoming.map((e: any) => [e.name, e.date])).toEqual([
    ['Regnskapskurs for småbedrifter', '2026-04-05 09:00'],
    ['Frokostseminar: nytt fra Skatteetaten', '2026-04-29 08:00'],
  ]);
  const past = await body(s, '/host/events/past');
  expect(past.map((e: any) => [e.name, e.date, e._stats.participant])).toEqual([['Nettverksfrokost for næringslivet', '2026-02-13 08:00', { pending: 0, registered: 2, paid: 0 }]]);

  const [course, seminar] = upcoming;
  expect(course._stats.participant).toEqual({ pending: 1, registered: 1, paid: 1 });
  const people = await body(s, `/host/events/${course.number}/participants`);
  expect(people.map((p: any) => [p.name, p.status])).toEqual([
    ['Ola Nordmann', 'pending'],
    ['Kari Hansen', 'registered'],
    ['Per Olsen', 'paid'],
    ['Anne Berg', 'cancelled'],
  ]);
  expect(people.map((p: any) => p.invoiceNumber !== null)).toEqual([false, true, true, true]);
  expect(people[1].amount).toBe(3125); // 2 500 + 25 % VAT

  expect(seminar.discountCodes).toEqual({ label: 'Medlemsrabatt', codes: [{ code: 'MEDLEM', amount: 200 }, { code: 'TIDLIG', amount: 100 }] });
  expect(seminar.customFields.map((f: any) => [f.name, f.type, f.price?.price ?? null])).toEqual([
    ['Lunsj etterpå', 'BOOLEAN', 189],
    ['Allergier', 'TEXT', null],
  ]);
  const lise = (await body(s, `/host/events/${seminar.number}/participants`))[0];
  expect(lise).toMatchObject({ name: 'Lise Dahl', status: 'registered', discountCode: 'MEDLEM', amount: 967.35 }); // (800 - 200) * 1.25 + 189 * 1.15

  // Deterministic: the second database holds the same events, participants and invoices.
  const again = await body(other.s, '/host/events/upcoming');
  expect(again.map(stable)).toEqual(upcoming.map(stable));
  expect(await body(other.s, `/host/events/${course.number}/participants`)).toEqual(people);
});
