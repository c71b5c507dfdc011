import type { AppContext } from '../context.js';
import { rng } from './random.js';
import { seedRecipients } from './recipients.seed.js';

export interface SeedOptions {
  seed: number;
  recipients: number;
  invoices: number;
}

/** Fills the database through the services, deterministically for a given seed. */
export async function seedAll(ctx: AppContext, opts: SeedOptions): Promise<Record<string, number>> {
  const r = rng(opts.seed);
  const recipients = await seedRecipients(ctx, r, opts.recipients);
  return { recipients: recipients.length };
}
