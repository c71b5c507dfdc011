import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const InvoiceOverviewView = Type.Object({
  years: Type.Array(Type.Number()),
  groups: Type.Array(Type.Object({
    name: Type.String(),
    items: Type.Array(Type.Object({
      description: Type.String(),
      count: Type.Number(),
      total: Type.Number(),
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

export const OverviewDocumentView = Type.Object({
  number: Type.Number(),
  description: Type.String(),
  date: Type.String(),
  customerNumber: Nullable(Type.Number()),
  recipientName: Type.String(),
  orderNumber: Type.Unknown(),
  tax: Type.Number(),
  total: Type.Number(),
  currencyTax: Type.Number(),
  currencyTotal: Type.Number(),
  currency: Type.String(),
  international: Type.Boolean(),
  dueDate: Nullable(Type.String()),
  _links: Type.Object({
    self: Link,
    recipient: Link,
  }),
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
  paid: Type.Number(),
  creditNotes: Type.Number(),
});
export type InvoiceSummaryView = Static<typeof InvoiceSummaryView>;

export const BalanceView = Type.Object({
  balance: Type.Number(),
});
export type BalanceView = Static<typeof BalanceView>;

