import { Type } from '@sinclair/typebox';
import { created, defineOp, file, listResult, noContent } from '../../ops/define.js';
import { NumberParam } from '../../ops/schemas.js';
import { DeliveryOptions, historyOf } from '../sending/index.js';
import { listCandidates, runDunnings, streamCandidates } from './candidates.service.js';
import { dunningSource } from './dunning.source.js';
import { CandidateQuery, DunningGetQuery, DunningInput, DunningListQuery, InterestRateInput, InterestRateParam } from './dunnings.schema.js';
import { getDunning, listDunnings, streamDunnings } from './dunnings.read.js';
import { createDunning, sendDunning } from './dunnings.service.js';
import { createRate, deleteRate, getRate, listRates, rateStatus, updateRate } from './interest-rates.service.js';
import { DunningCandidateView, DunningView, InterestRateView, DunningRunView, InterestRateStatusView } from './dunnings.output.js';
import { HistoryEntryView, ShipmentView } from '../documents/core.js';
import { ListOf, CreatedOf, NoContentOf, FileOf } from '../../ops/output.js';
import { feeRefusedText } from './fee-refusal.js';

/** 404 before anything else when the dunning does not exist. */
const existing = async (ctx: Parameters<typeof getDunning>[0], number: number) => getDunning(ctx, number);

export const dunningOps = [
  defineOp({
    name: 'dunnings.create',
    output: CreatedOf(DunningView),
    method: 'POST',
    path: '/dunnings/',
    summary:
      'Dun a due invoice: {invoiceNumber, debtCollectionNotice?, dunningFee?, interest?, dunningText?, dueDate?, shipment?}; 201 + Location. ' +
      'A fee the law does not allow is left out and feeRefusedReason says why; shipment sends it at once (4.4 body)',
    body: DunningInput,
    run: async ({ body }, ctx) => {
      const made = await createDunning(ctx, body);
      const view = await getDunning(ctx, made.number);
      return created(`/dunnings/${made.number}`, {
        ...view,
        feeRefusedReason: feeRefusedText(made.feeRefused),
        feeRefused: made.feeRefused,
        interestWarning: made.interestWarning,
        ...(made.shipments ? { shipments: made.shipments } : {}),
      });
    },
  }),
  defineOp({
    name: 'dunnings.list',
    output: ListOf(DunningView),
    method: 'GET',
    path: '/dunnings/',
    summary: 'Dunnings, newest first; invoiceNumber, recipientNumber, from/to (dunning date), withDetails; paged with perPage/page',
    query: DunningListQuery,
    run: ({ query }, ctx) => {
      const { withDetails = false, ...f } = query;
      return listResult(
        query,
        (limit, offset) => listDunnings(ctx, f, withDetails, limit, offset),
        () => streamDunnings(ctx, f, withDetails),
      );
    },
  }),
  defineOp({
    name: 'dunnings.candidates',
    output: ListOf(DunningCandidateView),
    method: 'GET',
    path: '/dunnings/candidates',
    summary: 'Due invoices whose deadline has passed, oldest first, with the fee and interest a reminder would add today; paged',
    query: CandidateQuery,
    run: ({ query }, ctx) =>
      listResult(
        query,
        (limit, offset) => listCandidates(ctx, query, limit, offset),
        () => streamCandidates(ctx, query),
      ),
  }),
  defineOp({
    name: 'dunnings.run',
    output: DunningRunView,
    method: 'POST',
    path: '/dunnings/run',
    summary: 'The automatic run now (Settings → Purring): reminders for every ready invoice of recipients that allow it; never twice for one deadline',
    run: (_i, ctx) => runDunnings(ctx),
  }),
  defineOp({
    name: 'dunnings.listInterestRates',
    output: ListOf(InterestRateView),
    method: 'GET',
    path: '/dunnings/interest-rates',
    summary: 'The late-interest rates (forsinkelsesrente) by date, newest first',
    run: (_i, ctx) => listRates(ctx),
  }),
  defineOp({
    name: 'dunnings.createInterestRate',
    output: CreatedOf(InterestRateView),
    method: 'POST',
    path: '/dunnings/interest-rates',
    summary: 'Enter a late-interest rate {from, rate (percent)} in force from a date; 409 when that date has one',
    body: InterestRateInput,
    run: async ({ body }, ctx) => {
      const from = await createRate(ctx, body);
      return created(`/dunnings/interest-rates/${from}`, await getRate(ctx, from));
    },
  }),
  defineOp({
    name: 'dunnings.interestRateStatus',
    output: InterestRateStatusView,
    method: 'GET',
    path: '/dunnings/interest-rates/status',
    summary: 'Whether the late-interest rates cover today: the latest rate, the last day its half-year covers, and a warning when today is past it',
    run: (_i, ctx) => rateStatus(ctx),
  }),
  defineOp({
    name: 'dunnings.getInterestRate',
    output: InterestRateView,
    method: 'GET',
    path: '/dunnings/interest-rates/{from}',
    summary: 'One late-interest rate',
    params: InterestRateParam,
    run: ({ params }, ctx) => getRate(ctx, params.from),
  }),
  defineOp({
    name: 'dunnings.updateInterestRate',
    output: InterestRateView,
    method: 'PUT',
    path: '/dunnings/interest-rates/{from}',
    summary: 'Change a late-interest rate (issued dunnings keep theirs)',
    params: InterestRateParam,
    body: InterestRateInput,
    run: async ({ params, body }, ctx) => getRate(ctx, await updateRate(ctx, params.from, body)),
  }),
  defineOp({
    name: 'dunnings.deleteInterestRate',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/dunnings/interest-rates/{from}',
    summary: 'Remove a late-interest rate',
    params: InterestRateParam,
    run: async ({ params }, ctx) => {
      await deleteRate(ctx, params.from);
      return noContent();
    },
  }),
  defineOp({
    name: 'dunnings.get',
    output: DunningView,
    method: 'GET',
    path: '/dunnings/{number}',
    summary: 'One dunning (spec 2.7); withDetails=true adds recipient, fee reason, interest period and invoice state; 404 when it does not exist',
    params: NumberParam,
    query: DunningGetQuery,
    run: ({ params, query }, ctx) => getDunning(ctx, params.number, query.withDetails ?? false),
  }),
  defineOp({
    name: 'dunnings.pdf',
    output: FileOf('application/pdf'),
    method: 'GET',
    path: '/dunnings/{number}/pdf',
    summary: 'The dunning as PDF (Purring / Inkassovarsel)',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      const f = await dunningSource.pdf(ctx, params.number);
      return file('application/pdf', f.filename, f.data);
    },
  }),
  defineOp({
    name: 'dunnings.send',
    output: Type.Array(ShipmentView),
    method: 'POST',
    path: '/dunnings/{number}/send',
    summary: 'Send an issued dunning (again): the 4.4 delivery options (paper and/or email; sms, copy); never EHF for an inkassovarsel; 200: the shipments queued [{id, method, recipientAddress, status}] like every send; 404 unknown',
    params: NumberParam,
    body: DeliveryOptions,
    run: async ({ params, body }, ctx) => {
      await existing(ctx, params.number);
      return sendDunning(ctx, params.number, body);
    },
  }),
  defineOp({
    name: 'dunnings.history',
    output: ListOf(HistoryEntryView),
    method: 'GET',
    path: '/dunnings/{number}/history',
    summary: 'The sending history of a dunning (spec 2.9), newest first; 404 when it does not exist',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await existing(ctx, params.number);
      return historyOf(ctx.db, { type: 'dunning', number: params.number });
    },
  }),
];
