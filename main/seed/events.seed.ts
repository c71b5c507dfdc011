/**
 * Hosted events for the seed, through the services, so a new user sees Arrangementer filled: an upcoming course with a
 * participant in each status (pending, registered, paid, cancelled), a seminar with discount codes and own questions
 * (one participant used a code and ticked the priced lunch), and a past free breakfast meeting with participants.
 * Dates are counted from the clock's today; the same today gives the same events (apart from the random public ids).
 */
import type { AppContext } from '../context.js';
import type { Clock } from '../clock.js';
import { addDays } from '../features/documents/core.js';
import type { EventInput, SignupInput } from '../features/events/index.js';
import { createEvent, cancelParticipant, confirmParticipant, getParticipant, signup } from '../features/events/index.js';
import { registerPayment } from '../features/invoices/index.js';
import type { ProductInput } from '../features/products/index.js';
import { createProducts, productsByCode } from '../features/products/index.js';

const PRODUCTS: ProductInput[] = [
  { code: 'ARR-KURS', description: 'Kursavgift', unitPrice: 2500, taxRate: 25, unit: 'stk' },
  { code: 'MAT-LUNS', description: 'Lunsj til møte', unitPrice: 189, taxRate: 15, unit: 'stk' },
] as ProductInput[];
const CONTACT = { name: 'Kari Kursholder', email: 'kurs@fjordraad.no', phone: '22 33 44 55' };
const PLACE = { name: 'Kvitt-huset, møterom 2', address: 'Storgata 1', zip: '0155', city: 'OSLO', country: 'NORGE' };

function event(over: Partial<EventInput> & Pick<EventInput, 'name' | 'date'>): EventInput {
  return {
    signupCaptcha: false,
    location: PLACE,
    description: '',
    confirmation: false,
    price: 0,
    contactPerson: CONTACT,
    participantLimit: null,
    smsConfirmation: { enabled: false, message: '' },
    taxRate: 25,
    productNumber: null,
    showSignupStats: false,
    ...over,
  } as EventInput;
}

const person = (name: string, email: string, city = 'OSLO', zip = '0150'): SignupInput => ({
  name,
  email,
  mobile: null,
  invoice: { name, address: 'Bakkegata 2', zip, city, country: null, orgNo: null, yourRef: null },
});

/** A clock standing on another day (the past event's signups happened before it took place). */
const dayClock = (day: string): Clock => ({ today: () => day, timestamp: () => `${day} 10:00:00` });

/** Returns how many events, and how many invoices and credit notes their participants got. */
export async function seedEvents(ctx: AppContext): Promise<{ events: number; eventInvoices: number; eventCreditNotes: number }> {
  const today = ctx.clock.today();
  const have = await productsByCode(ctx, PRODUCTS.map((p) => p.code));
  const missing = PRODUCTS.filter((p) => !have.has(p.code));
  if (missing.length) await createProducts(ctx, missing, true);

  // Upcoming course: the host confirms each signup, so one waits, one is registered, one has paid, one cancelled.
  const course = await createEvent(
    ctx,
    event({
      name: 'Regnskapskurs for småbedrifter',
      date: `${addDays(today, 21)} 09:00`,
      endDate: `${addDays(today, 21)} 15:00`,
      registrationDeadline: `${addDays(today, 14)} 23:59`,
      description: 'Bokføring, merverdiavgift og fakturering på én dag.',
      confirmation: true,
      price: 2500,
      productNumber: 'ARR-KURS',
      participantLimit: 20,
      showSignupStats: true,
    }),
  );
  const { eventPublicId } = await publicIdOf(ctx, course);
  const signed = [];
  for (const p of [person('Ola Nordmann', 'ola@nordmann.no'), person('Kari Hansen', 'kari@hansen.no', 'BERGEN', '5003'), person('Per Olsen', 'per@olsen.no'), person('Anne Berg', 'anne@berg.no', 'TRONDHEIM', '7010')]) {
    signed.push((await signup(ctx, eventPublicId, p)).participantNumber!); // showSignupStats: the number is answered
  }
  for (const n of signed.slice(1)) await confirmParticipant(ctx, course, n);
  const paid = await getParticipant(ctx, course, signed[2]);
  await registerPayment(ctx, paid.invoiceNumber!, { date: today, amount: paid.amount });
  await cancelParticipant(ctx, course, signed[3]);

  // A seminar with discount codes and own questions (a priced lunch, allergies).
  const seminar = await createEvent(
    ctx,
    event({
      name: 'Frokostseminar: nytt fra Skatteetaten',
      date: `${addDays(today, 45)} 08:00`,
      endDate: `${addDays(today, 45)} 11:00`,
      registrationDeadline: `${addDays(today, 40)} 12:00`,
      price: 800,
      participantLimit: 40,
      discountCodes: { label: 'Medlemsrabatt', codes: [{ code: 'MEDLEM', amount: 200 }, { code: 'TIDLIG', amount: 100 }] },
      customFields: [
        { number: null, name: 'Lunsj etterpå', type: 'BOOLEAN', price: { productCode: 'MAT-LUNS', price: 189, taxRate: 15 }, options: null },
        { number: null, name: 'Allergier', type: 'TEXT', options: null },
      ],
    } as Partial<EventInput> & Pick<EventInput, 'name' | 'date'>),
  );
  const s2 = await publicIdOf(ctx, seminar);
  await signup(ctx, s2.eventPublicId, { ...person('Lise Dahl', 'lise@dahl.no'), discountCode: 'MEDLEM', customFields: [{ number: 1, value: true }, { number: 2, value: 'Nøtter' }] });
  await signup(ctx, s2.eventPublicId, person('Jon Lie', 'jon@lie.no', 'DRAMMEN', '3015'));

  // A past free meeting: its participants signed up before it took place.
  const past = await createEvent(ctx, event({ name: 'Nettverksfrokost for næringslivet', date: `${addDays(today, -30)} 08:00`, endDate: `${addDays(today, -30)} 09:30` }));
  const s3 = await publicIdOf(ctx, past);
  const before = { ...ctx, clock: dayClock(addDays(today, -35)) };
  for (const p of [person('Eva Strand', 'eva@strand.no'), person('Tor Moe', 'tor@moe.no')]) await signup(before, s3.eventPublicId, { ...p, invoice: null });
  return { events: 3, eventInvoices: 5, eventCreditNotes: 1 };
}

async function publicIdOf(ctx: AppContext, number: number) {
  const row = await ctx.db.selectFrom('events').select('public_id').where('number', '=', number).executeTakeFirstOrThrow();
  return { eventPublicId: row.public_id };
}
