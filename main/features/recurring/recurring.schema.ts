/**
 * Recurring invoices (issue 26): the input of POST/PUT /recurring/ and the read shapes. Every field an invoice has takes
 * the invoice's own schema (documents.schema.ts DraftInput: items, texts, references and their limits), never a copy.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable, Paging, Closed, Link } from '../../ops/schemas.js';
import { DraftInput, MAX_DUE_DAYS, Kr } from '../documents/core.js';
import { ShipmentChoice } from '../sending/index.js';
import { MAX_EVERY } from '../../domain/recurring-schedule.js';

const draft = DraftInput.properties;
export const MAX_COUNT = 1000;

/** How many missed occurrences one run issues per series; the rest wait for POST /recurring/{n}/confirm. */
export const MAX_CATCH_UP = 3;

export const IntervalInput = Type.Object(
  {
    unit: Type.Union([Type.Literal('WEEK'), Type.Literal('MONTH'), Type.Literal('YEAR')]),
    every: Type.Integer({ minimum: 1, maximum: MAX_EVERY }),
  },
  { additionalProperties: false },
);

export const RecurringInput = Type.Object(
  {
    recipientNumber: Type.Integer({ minimum: 1 }),
    items: Type.Array(draft.items.items, { minItems: 1, maxItems: draft.items.maxItems }),
    interval: IntervalInput,
    startDate: IsoDate,
    endDate: Type.Optional(Nullable(IsoDate)),
    count: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_COUNT }))),
    /** Days from the invoice date to the due date; default the customer's credit days (or Settings'). */
    dueInDays: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_DUE_DAYS }))),
    invoiceText: draft.invoiceText,
    ourReference: draft.ourReference,
    yourReference: draft.yourReference,
    /** The delivery options of spec 4.4 (e-mail, paper, SMS, copy, EHF) or {preferred: true}, queued with each invoice. */
    shipment: Type.Optional(Nullable(ShipmentChoice)),
    /** false: saved paused. Default true. */
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RecurringInput = Static<typeof RecurringInput>;

export const RecurringListQuery = Type.Object({
  recipientNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  active: Type.Optional(Type.Boolean()),
  ...Paging,
});

export const RecurringStatus = Type.Union(['active', 'paused', 'stopped', 'ended', 'finished'].map((s) => Type.Literal(s)));
export type RecurringStatus = 'active' | 'paused' | 'stopped' | 'ended' | 'finished';

const NullStr = Nullable(Type.String());
const NullDate = Nullable(IsoDate);

export const OccurrenceInvoiceView = Closed({
  index: Type.Integer({ description: '0 = the first occurrence' }),
  date: IsoDate,
  period: Type.String(),
  invoiceNumber: Type.Integer(),
  total: Kr,
});

const seriesFields = {
  number: Type.Integer(),
  recipientNumber: Type.Integer(),
  recipientName: Type.String(),
  interval: IntervalInput,
  startDate: IsoDate,
  endDate: NullDate,
  count: Nullable(Type.Integer()),
  dueInDays: Nullable(Type.Integer()),
  invoiceText: NullStr,
  ourReference: NullStr,
  yourReference: NullStr,
  currency: Type.String(),
  total: Type.Number({ description: 'one occurrence, incl. VAT, as last saved' }),
  active: Type.Boolean(),
  status: RecurringStatus,
  stopped: Nullable(Closed({ code: Type.String(), reason: Type.String() })),
  nextDate: NullDate,
  nextPeriod: NullStr,
  /** Occurrences due that wait for POST /recurring/{n}/confirm (more than three were missed). */
  awaitingConfirmation: Type.Integer(),
  issuedCount: Type.Integer(),
  lastInvoice: Nullable(Type.Integer()),
};

export const RecurringListItemView = Closed({ ...seriesFields, _links: Closed({ self: Link }) });
export type RecurringListItemView = Static<typeof RecurringListItemView>;

export const RecurringView = Closed({
  ...seriesFields,
  items: Type.Array(Type.Unknown()),
  shipment: Nullable(Type.Unknown()),
  /** The latest invoices issued from it (newest first, at most 24; all: GET /recurring/{n}/invoices). */
  invoices: Type.Array(OccurrenceInvoiceView),
  _links: Closed({ self: Link, invoices: Link, recipient: Link }),
});
export type RecurringView = Static<typeof RecurringView>;

export const RunIssued = Closed({ recurring: Type.Integer(), invoiceNumber: Type.Integer(), period: Type.String(), date: IsoDate });
export const RunSkipped = Closed({ recurring: Type.Integer(), period: Type.String(), date: IsoDate, reason: Type.String(), message: Type.String() });
export const RunResultView = Closed({ issued: Type.Array(RunIssued), skipped: Type.Array(RunSkipped) });
export type RunResult = Static<typeof RunResultView>;
