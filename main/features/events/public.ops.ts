import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, file } from '../../ops/define.js';
import { OpError } from '../../ops/errors.js';
import { JsonOrFormBody } from '../../ops/form-body.js';
import { FileOf, JsonOrFileOf } from '../../ops/output.js';
import { checkSchema } from '../../ops/validate.js';
import { postPlace } from '../../domain/postcodes.js';
import { newChallenge } from './captcha.js';
import { Challenge, SignupResult } from './events.output.js';
import { PublicIdParam, SignupInput } from './events.schema.js';
import { receiptPage, signupPage, formToSignup, SignupForm } from './signup-page.js';
import { publicEvent, publicFacts, signup } from './signup.service.js';
import { countSignup } from './signup-rules.js';

const html = (data: Buffer, status = 200) => file('text/html; charset=utf-8', 'pamelding.html', data, true, status);
const HTML = 'text/html';

/** A signup posted by the page's form: answers the page again, with the receipt (200) or with the errors by their fields (400). */
async function formSignup(ctx: AppContext, eventId: number, form: URLSearchParams) {
  const code = form.get('discountCode')?.trim() || null;
  const facts = await publicFacts(ctx, eventId, code);
  const challenge = () => (facts.ev.signup_captcha ? newChallenge(ctx.db, ctx.clock, facts.ev.public_id) : null);
  const input = formToSignup(form, facts.fields);
  const fields = checkSchema(SignupInput, input);
  if (fields.length) return html(signupPage(facts, { values: form, errors: fields, challenge: await challenge() }), 400);
  try {
    const result = await signup(ctx, eventId, input, 'form');
    return html(receiptPage(await publicFacts(ctx, eventId, code), result));
  } catch (e) {
    if (!(e instanceof OpError) || e.status !== 400) throw e;
    const again = await publicFacts(ctx, eventId, code);
    return html(signupPage(again, { values: form, errors: e.fields, challenge: await challenge() }), 400);
  }
}

export const publicEventOps = [
  defineOp({
    name: 'events.postPlace',
    method: 'GET',
    path: '/events/postcodes/{postcode}',
    summary: "Poststed of a Norwegian postcode (Posten's register shipped with Kvitt), for the signup form; city null when unknown",
    public: true,
    params: Type.Object({ postcode: Type.String({ pattern: '^[0-9]{4}$', description: 'four digits' }) }, { additionalProperties: false }),
    output: Type.Object({ postcode: Type.String(), city: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
    run: async ({ params }) => ({ postcode: params.postcode, city: postPlace(params.postcode) }),
  }),
  defineOp({
    name: 'events.signupPage',
    method: 'GET',
    path: '/events/{eventId}',
    summary: 'The public signup page (HTML, Norwegian, no JavaScript); discountCode shows the price with the code applied',
    public: true,
    params: PublicIdParam,
    query: Type.Object({ discountCode: Type.Optional(Type.String({ maxLength: 15 })) }),
    output: FileOf(HTML),
    run: async ({ params, query }, ctx) => {
      const facts = await publicFacts(ctx, params.eventId, query.discountCode?.trim() || null);
      return html(signupPage(facts, { challenge: facts.ev.signup_captcha ? await newChallenge(ctx.db, ctx.clock, facts.ev.public_id) : null }));
    },
  }),
  defineOp({
    name: 'events.captcha',
    method: 'GET',
    path: '/events/{eventId}/captcha',
    summary: "Kvitt's signup question for events with signupCaptcha: send {captcha: {token, answer}} with the signup",
    public: true,
    writes: true, // stores the challenge it hands out
    params: PublicIdParam,
    output: Challenge,
    run: async ({ params }, ctx) => newChallenge(ctx.db, ctx.clock, (await publicEvent(ctx.db, ctx, params.eventId)).public_id),
  }),
  defineOp({
    name: 'events.signup',
    method: 'POST',
    path: '/events/{eventId}/signup',
    summary:
      'Sign up (spec 4.7 body as JSON; 200 {participantNumber, status, amount}), or the signup page posting its form ' +
      '(application/x-www-form-urlencoded; answers the page). 400 names the field; 404 alike for unknown, deleted and past events',
    public: true,
    params: PublicIdParam,
    body: JsonOrFormBody(SignupInput, SignupForm),
    output: JsonOrFileOf(SignupResult, HTML),
    run: async ({ params, body }, ctx) => {
      countSignup(params.eventId);
      return body instanceof URLSearchParams ? formSignup(ctx, params.eventId, body) : signup(ctx, params.eventId, body);
    },
  }),
];
