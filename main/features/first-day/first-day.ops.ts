import { defineOp } from '../../ops/define.js';
import { FirstDayPatch, FirstDayView } from './first-day.schema.js';
import { getFirstDay, updateFirstDay } from './first-day.service.js';

/** The first-day guide: what is set up, what is missing, where the person is (docs/first-day.md). */
export const firstDayOps = [
  defineOp({
    name: 'firstDay.get',
    output: FirstDayView,
    method: 'GET',
    path: '/originators/current/first-day',
    summary: 'The first-day guide: each step (company, bank, logo, invoicing, email) done, skipped or open, with the settings fields it still misses',
    run: (_i, ctx) => getFirstDay(ctx),
  }),
  defineOp({
    name: 'firstDay.update',
    output: FirstDayView,
    method: 'PUT',
    path: '/originators/current/first-day',
    summary: "Record the guide's progress: the current step, a step skipped, taken up again or confirmed",
    body: FirstDayPatch,
    run: ({ body }, ctx) => updateFirstDay(ctx, body),
  }),
];
