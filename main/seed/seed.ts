import type { AppContext } from '../context.js';
import { seedCompany, seedDocuments, type Mix } from './documents.seed.js';
import { seedEvents } from './events.seed.js';
import { rng } from './random.js';
import { seedRecipients } from './recipients.seed.js';

export interface SeedOptions {
  seed: number;
  recipients: number;
  invoices: number;
  /** Lines per invoice (default 1-5 at random). */
  linesPerInvoice?: number;
  /** Shares of paid, partially paid, credited and lost invoices (the rest stay unpaid). */
  mix?: Partial<Mix>;
  /** Offers, order confirmations, conversions and drafts besides the invoices (default true). */
  extras?: boolean;
}

/**
 * Fills the database through the services, deterministically for a given seed and today: the company settings first
 * (nothing can be issued without them), then recipients, products and every kind of document, then a few hosted events.
 */
export async function seedAll(ctx: AppContext, opts: SeedOptions): Promise<Record<string, number>> {
  const r = rng(opts.seed);
  await seedCompany(ctx);
  const recipients = await seedRecipients(ctx, r, opts.recipients);
  // Documents draw from their own stream, so adding recipients does not reshuffle the invoices of another count.
  const documents = await seedDocuments(ctx, rng(opts.seed * 7919 + 17), recipients, {
    invoices: opts.invoices,
    linesPerInvoice: opts.linesPerInvoice,
    mix: opts.mix,
    extras: opts.extras,
  });
  // Hosted events invoice their participants, so a recipients-only seed has none.
  const events = opts.invoices > 0 ? await seedEvents(ctx) : {};
  return { recipients: recipients.length, ...documents, ...events };
}
