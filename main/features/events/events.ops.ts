import { created, defineOp, listResult, noContent } from '../../ops/define.js';
import { CreatedOf, ListOf, NoContentOf } from '../../ops/output.js';
import { EventView, ParticipantView, PublicAddress } from './events.output.js';
import {
  CodeParam,
  DiscountCodeInput,
  EventInput,
  EventNumberParam,
  ParticipantListQuery,
  ParticipantParam,
  ParticipantUpdate,
  PastQuery,
  UpcomingQuery,
} from './events.schema.js';
import { addDiscountCode, createEvent, deleteDiscountCode, deleteEvent, getEvent, listEvents, updateDiscountCode, updateEvent } from './events.service.js';
import { cancelParticipant, confirmParticipant, getParticipant, listParticipants, updateParticipant } from './participants.service.js';
import { publicEventOps } from './public.ops.js';

const host = '/host/events';

export const eventOps = [
  defineOp({
    name: 'events.create',
    method: 'POST',
    path: `${host}/`,
    summary: 'Create a hosted event (2.10 shape); 201 with Location /host/events/{number}',
    body: EventInput,
    output: CreatedOf(EventView),
    run: async ({ body }, ctx) => {
      const number = await createEvent(ctx, body);
      return created(`${host}/${number}`, await getEvent(ctx, number));
    },
  }),
  defineOp({
    name: 'events.listUpcoming',
    method: 'GET',
    path: `${host}/upcoming`,
    summary: 'Events dated today or later, soonest first (spec 4.7); q searches the name; paged with perPage/page',
    query: UpcomingQuery,
    output: ListOf(EventView),
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listEvents(ctx, 'upcoming', query.q, limit, offset)),
  }),
  defineOp({
    name: 'events.listPast',
    method: 'GET',
    path: `${host}/past`,
    summary: 'Events dated before today, latest first; q searches the name; paged with perPage/page',
    query: PastQuery,
    output: ListOf(EventView),
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listEvents(ctx, 'past', query.q, limit, offset)),
  }),
  defineOp({
    name: 'events.publicAddress',
    method: 'GET',
    path: `${host}/public-address`,
    summary: "Where people outside sign up: the office server's public listener (--public-url), or null when it has none",
    output: PublicAddress,
    run: (_input, ctx) => ({ url: ctx.publicSignupUrl ?? null }),
  }),
  defineOp({
    name: 'events.get',
    method: 'GET',
    path: `${host}/{number}`,
    summary: 'One event (2.10) with its participant counts',
    params: EventNumberParam,
    output: EventView,
    run: ({ params }, ctx) => getEvent(ctx, params.number),
  }),
  defineOp({
    name: 'events.update',
    method: 'PUT',
    path: `${host}/{number}`,
    summary: 'Replace an event; discountCodes and customFields are replaced when given and kept when left out',
    params: EventNumberParam,
    body: EventInput,
    output: EventView,
    run: ({ params, body }, ctx) => updateEvent(ctx, params.number, body),
  }),
  defineOp({
    name: 'events.delete',
    method: 'DELETE',
    path: `${host}/{number}`,
    summary: 'Delete an event without participants (409 while anyone holds a seat)',
    params: EventNumberParam,
    output: NoContentOf(),
    run: async ({ params }, ctx) => {
      await deleteEvent(ctx, params.number);
      return noContent();
    },
  }),
  defineOp({
    name: 'events.listParticipants',
    method: 'GET',
    path: `${host}/{number}/participants`,
    summary: 'Participants in signup order with status pending|registered|paid|cancelled, invoice and balance; filter status; paged',
    params: EventNumberParam,
    query: ParticipantListQuery,
    output: ListOf(ParticipantView),
    run: ({ params, query }, ctx) => listResult(query, (limit, offset) => listParticipants(ctx, params.number, query.status, limit, offset)),
  }),
  defineOp({
    name: 'events.getParticipant',
    method: 'GET',
    path: `${host}/{number}/participants/{p}`,
    summary: 'One participant',
    params: ParticipantParam,
    output: ParticipantView,
    run: ({ params }, ctx) => getParticipant(ctx, params.number, params.p),
  }),
  defineOp({
    name: 'events.updateParticipant',
    method: 'PUT',
    path: `${host}/{number}/participants/{p}`,
    summary: "Change a participant's name, e-mail and mobile",
    params: ParticipantParam,
    body: ParticipantUpdate,
    output: ParticipantView,
    run: ({ params, body }, ctx) => updateParticipant(ctx, params.number, params.p, body),
  }),
  defineOp({
    name: 'events.confirmParticipant',
    method: 'POST',
    path: `${host}/{number}/participants/{p}/confirm`,
    summary: 'Confirm a pending participant: registered, invoice issued, confirmation queued',
    params: ParticipantParam,
    output: ParticipantView,
    run: ({ params }, ctx) => confirmParticipant(ctx, params.number, params.p),
  }),
  defineOp({
    name: 'events.cancelParticipant',
    method: 'POST',
    path: `${host}/{number}/participants/{p}/cancel`,
    summary: 'Cancel a participant: the seat is freed and the invoice credited in full',
    params: ParticipantParam,
    output: ParticipantView,
    run: ({ params }, ctx) => cancelParticipant(ctx, params.number, params.p),
  }),
  defineOp({
    name: 'events.addDiscountCode',
    method: 'POST',
    path: `${host}/{number}/discount-codes`,
    summary: 'Add a discount code (1-15 characters, unique in the event, amount below the price); 201',
    params: EventNumberParam,
    body: DiscountCodeInput,
    output: CreatedOf(EventView),
    run: async ({ params, body }, ctx) => {
      await addDiscountCode(ctx, params.number, body);
      return created(`${host}/${params.number}/discount-codes/${body.code}`, await getEvent(ctx, params.number));
    },
  }),
  defineOp({
    name: 'events.updateDiscountCode',
    method: 'PUT',
    path: `${host}/{number}/discount-codes/{code}`,
    summary: 'Change a discount code or its amount',
    params: CodeParam,
    body: DiscountCodeInput,
    output: EventView,
    run: async ({ params, body }, ctx) => {
      await updateDiscountCode(ctx, params.number, params.code, body);
      return getEvent(ctx, params.number);
    },
  }),
  defineOp({
    name: 'events.deleteDiscountCode',
    method: 'DELETE',
    path: `${host}/{number}/discount-codes/{code}`,
    summary: 'Remove a discount code',
    params: CodeParam,
    output: NoContentOf(),
    run: async ({ params }, ctx) => {
      await deleteDiscountCode(ctx, params.number, params.code);
      return noContent();
    },
  }),
  ...publicEventOps,
];
