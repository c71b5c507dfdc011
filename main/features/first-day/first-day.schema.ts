import { Type, type Static } from '@sinclair/typebox';
import { Closed } from '../../ops/schemas.js';

/** The first-day guide's steps, in order (docs/first-day.md). */
export const FIRST_DAY_STEPS = ['company', 'bank', 'logo', 'invoicing', 'email', 'sms'] as const;
export type FirstDayStep = (typeof FIRST_DAY_STEPS)[number];

const StepName = Type.Union(FIRST_DAY_STEPS.map((s) => Type.Literal(s)), { description: FIRST_DAY_STEPS.join(', ') });

/** What the guide records besides the settings themselves: the step the person is at, skipped and confirmed steps. */
export const FirstDayPatch = Type.Object(
  {
    /** The step shown now (so the guide opens there again after a restart). */
    current: Type.Optional(StepName),
    /** Skip a step (it no longer counts as missing in the guide; the action that needs it still says so). */
    skip: Type.Optional(StepName),
    /** Take a skipped step up again. */
    unskip: Type.Optional(StepName),
    /** A step that has nothing required (logo, invoice defaults) is done when the person says so. */
    confirm: Type.Optional(StepName),
  },
  { additionalProperties: false },
);
export type FirstDayPatch = Static<typeof FirstDayPatch>;

export const FirstDayStepView = Closed({
  step: StepName,
  state: Type.Union([Type.Literal('done'), Type.Literal('skipped'), Type.Literal('open')]),
  /** Settings fields still empty that this step fills (e.g. company.orgNumber, sending.smtp.host, sending.smsGatewayUrl). */
  missing: Type.Array(Type.String()),
});

export const FirstDayView = Closed({
  steps: Type.Array(FirstDayStepView),
  /** The step to show: the one last shown, else the first open one; null when every step is done or skipped. */
  current: Type.Union([StepName, Type.Null()]),
  /** Company and bank account are set: invoices can be issued. */
  canIssue: Type.Boolean(),
  /** A mail server and sender are set: e-mail can be sent. */
  canEmail: Type.Boolean(),
  /** Every step is done or skipped. */
  finished: Type.Boolean(),
});
export type FirstDayView = Static<typeof FirstDayView>;
