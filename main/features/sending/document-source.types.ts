import type { AppContext } from '../../context.js';

/**
 * What sending needs of a document, declared by sending and implemented by each kind (document-source.ts, the dunnings'
 * dunning.source.ts). Types only, so a kind's source can name them without importing the registry that imports it.
 */
export interface PostalAddress {
  address1: string | null;
  address2: string | null;
  zip: string;
  city: string;
  country: string;
}

export interface DocumentFacts {
  recipientNumber: number;
  /** "Faktura", "Kreditnota", "Tilbud", "Ordrebekreftelse", "Purring", … */
  kindLabel: string;
  number: number;
  /** What the mail calls the document when its kind and number are not enough ("1. purring på faktura 1004"). */
  title?: string;
  /** kr (the document total in its currency) */
  amount: number;
  currency: string;
  dueDate: string | null;
  kid: string | null;
  accountNumber: string | null;
  international: boolean;
}

export interface DocumentSource {
  /** The recipient and mail facts of an issued document, or null when it does not exist. */
  describe(ctx: AppContext, number: number): Promise<null | DocumentFacts>;
  /** The PDF; `opts.address` puts another postal address in the envelope window (paper shipments). */
  pdf(ctx: AppContext, number: number, opts?: { address?: PostalAddress | null }): Promise<{ filename: string; data: Buffer }>;
  ehf?(ctx: AppContext, number: number): Promise<{ filename: string; xml: string }>;
}
