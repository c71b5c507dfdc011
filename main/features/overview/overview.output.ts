import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, Link } from '../../ops/schemas.js';
import { Closed, Kr } from '../documents/core.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const InvoiceOverviewView = Type.Object({
  years: Type.Array(Type.Number()),
  groups: Type.Array(Type.Object({
    name: Type.String(),
    items: Type.Array(Type.Object({
      description: Type.String(),
      count: Type.Number(),
      total: Type.Number({ description: 'NOK: the documents\' totals incl. VAT (what was invoiced or offered)' }),
      balance: Type.Optional(Type.Number({ description: 'invoice items: NOK outstanding on them now, incl. reminder fees and interest (docs/claims.md)' })),
      _links: Type.Object({
        self: Link,
      }),
    })),
    summary: Type.Object({
      total: Type.Number(),
    }),
  })),
});
export type InvoiceOverviewView = Static<typeof InvoiceOverviewView>;

/** An entry of the overview list (2.5; overview-documents.service.ts entry): an invoice, a credit note or a draft of them. */
export const OverviewDocumentView = Closed({
  number: Type.Integer({ description: 'the issued number, or the draft number of a draft' }),
  description: Type.String(),
  date: Nullable(IsoDate),
  customerNumber: Type.Integer({ description: "the recipient's number" }),
  recipientName: Type.String(),
  orderNumber: Nullable(Type.Integer({ description: 'the order number when it is a number' })),
  tax: Kr,
  total: Kr,
  currencyTax: Kr,
  currencyTotal: Kr,
  currency: Type.String(),
  international: Type.Boolean(),
  dueDate: Nullable(IsoDate),
  _links: Closed({ self: Link, recipient: Link }),
});
export type OverviewDocumentView = Static<typeof OverviewDocumentView>;

export const RevenueGraphView = Type.Object({
  labels: Type.Array(Type.String()),
  revenueWithoutVat: Type.Array(Type.Number()),
  paid: Type.Array(Type.Number()),
  lost: Type.Array(Type.Number()),
});
export type RevenueGraphView = Static<typeof RevenueGraphView>;

export const InvoiceSummaryView = Type.Object({
  notDue: Type.Number(),
  due: Type.Number(),
  paid: Type.Number({ description: 'settled invoices, not counting those credited in full with nothing paid (`credited`)' }),
  credited: Type.Number({ description: 'invoices credited in full on which nothing was paid' }),
  creditNotes: Type.Number(),
});
export type InvoiceSummaryView = Static<typeof InvoiceSummaryView>;

export const BalanceView = Type.Object({
  balance: Type.Number(),
});
export type BalanceView = Static<typeof BalanceView>;

