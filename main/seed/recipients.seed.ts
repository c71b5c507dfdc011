import type { AppContext } from '../context.js';
import { createRecipients } from '../features/recipients/index.js';
import type { RecipientInput } from '../features/recipients/index.js';
import type { Rng } from './random.js';

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Sigrid', 'Nils', 'Astrid', 'Bjørn', 'Solveig', 'Håkon', 'Æsa', 'Øystein', 'Åse'];
const LAST = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Berg', 'Haugen', 'Dahl'];
const TRADE = ['Bygg', 'Rør', 'Elektro', 'Regnskap', 'Frisør', 'Maling', 'Transport', 'Catering', 'Data', 'Snekkeri', 'Blomster', 'Fisk'];
const SUFFIX = ['AS', 'AS', 'AS', 'ENK', 'DA', 'ASA', 'SA'];
const PLACES: Array<[string, string]> = [
  ['0150', 'OSLO'], ['5003', 'BERGEN'], ['7010', 'TRONDHEIM'], ['4006', 'STAVANGER'], ['9008', 'TROMSØ'], ['3015', 'DRAMMEN'],
  ['1606', 'FREDRIKSTAD'], ['4610', 'KRISTIANSAND'], ['2317', 'HAMAR'], ['8006', 'BODØ'], ['6002', 'ÅLESUND'], ['3110', 'TØNSBERG'],
];
const STREETS = ['Storgata', 'Kirkegata', 'Strandveien', 'Fjordgata', 'Skolegata', 'Bakkeveien', 'Parkveien', 'Havnegata'];

/** A valid MOD11 organisation number from 8 random digits (retrying when the check digit would be 10). */
export function fakeOrgNumber(r: Rng): string {
  const w = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const d = [r.int(8, 9), ...Array.from({ length: 7 }, () => r.int(0, 9))];
    const rem = d.reduce((s, x, i) => s + x * w[i], 0) % 11;
    if (rem === 1) continue;
    return d.join('') + String(rem === 0 ? 0 : 11 - rem);
  }
}

export function fakeRecipient(r: Rng, i: number): RecipientInput {
  const company = r.chance(0.6);
  const [zip, city] = r.pick(PLACES);
  const person = `${r.pick(FIRST)} ${r.pick(LAST)}`;
  const suffix = r.pick(SUFFIX);
  const name = company ? `${r.pick(LAST)} ${r.pick(TRADE)} ${suffix}` : person;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');
  return {
    customerNumber: String(1000 + i),
    name: name.slice(0, 42),
    contact: {
      address: { address1: `${r.pick(STREETS)} ${r.int(1, 120)}`, zip, city, country: 'NORGE' },
      email: `${slug}${i}@example.no`,
      phone: `${r.int(2, 9)}${String(r.int(0, 9999999)).padStart(7, '0')}`,
    },
    organisation: company
      ? { form: suffix === 'ENK' ? 'enk' : suffix === 'DA' ? 'da' : suffix === 'ASA' ? 'asa' : suffix === 'SA' ? 'sa' : 'as', icd: 9908, number: fakeOrgNumber(r) }
      : { form: 'prv', icd: null, number: null },
    settings: { creditDays: r.pick([10, 14, 14, 14, 20, 30]), defaultShipment: r.chance(0.8) ? 'EMAIL' : 'SNAIL' },
    yourReference: company ? person : null,
    capabilities: { ehf: company && r.chance(0.5), eFaktura: !company && r.chance(0.3), avtaleGiro: !company && r.chance(0.1) },
  };
}

export async function seedRecipients(ctx: AppContext, r: Rng, count: number): Promise<number[]> {
  const numbers: number[] = [];
  const start = (await ctx.db.selectFrom('recipients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  for (let i = 0; i < count; i += 5000) {
    const batch = Array.from({ length: Math.min(5000, count - i) }, (_, j) => fakeRecipient(r, Number(start) + i + j));
    numbers.push(...(await createRecipients(ctx, batch, true)));
  }
  return numbers;
}
