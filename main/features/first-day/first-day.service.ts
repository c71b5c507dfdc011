import type { AppContext } from '../../context.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { getSettings, type ReadSettings } from '../settings/index.js';
import { FIRST_DAY_STEPS, type FirstDayPatch, type FirstDayStep, type FirstDayView } from './first-day.schema.js';

/** The guide's own record, one row of the settings table (not a settings section: GET settings does not show it). */
const KEY = 'first_day';
interface Progress {
  current?: FirstDayStep;
  skipped: FirstDayStep[];
  confirmed: FirstDayStep[];
}

async function readProgress(ctx: AppContext): Promise<Progress> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const p = row ? (JSON.parse(row.value) as Partial<Progress>) : {};
  const known = (xs: unknown) => (Array.isArray(xs) ? xs.filter((x): x is FirstDayStep => FIRST_DAY_STEPS.includes(x)) : []);
  return { current: FIRST_DAY_STEPS.includes(p.current as FirstDayStep) ? p.current : undefined, skipped: known(p.skipped), confirmed: known(p.confirmed) };
}

/** The settings fields each step fills that are still empty (what issuing or sending needs, and the address). */
export function missingFor(step: FirstDayStep, s: ReadSettings): string[] {
  const blank = (v: string | null | undefined) => !v || !v.trim();
  const c = s.company;
  switch (step) {
    case 'company':
      return (['name', 'orgNumber', 'address1', 'zip', 'city'] as const).filter((k) => blank(c[k])).map((k) => `company.${k}`);
    case 'bank':
      return blank(c.bankAccount) ? ['company.bankAccount'] : [];
    case 'logo':
      return c.logo ? [] : ['company.logo'];
    case 'invoicing':
      return [];
    case 'email':
      return [...(blank(s.sending.smtp.host) ? ['sending.smtp.host'] : []), ...(blank(s.sending.fromAddress) ? ['sending.fromAddress'] : [])];
    case 'sms':
      return blank(s.sending.smsGatewayUrl) ? ['sending.smsGatewayUrl'] : [];
  }
}

function view(s: ReadSettings, p: Progress): FirstDayView {
  const steps = FIRST_DAY_STEPS.map((step) => {
    const missing = missingFor(step, s);
    // Logo and invoice defaults need nothing: done once set or said so; the others when nothing is missing.
    const done = step === 'invoicing' ? p.confirmed.includes(step) : step === 'logo' ? missing.length === 0 || p.confirmed.includes(step) : missing.length === 0;
    return { step, state: done ? ('done' as const) : p.skipped.includes(step) ? ('skipped' as const) : ('open' as const), missing };
  });
  const finished = steps.every((x) => x.state !== 'open');
  const firstOpen = steps.find((x) => x.state === 'open')?.step ?? null;
  return {
    steps,
    current: finished ? null : (p.current ?? firstOpen),
    canIssue: missingFor('company', s).filter((f) => f === 'company.name' || f === 'company.orgNumber').length === 0 && missingFor('bank', s).length === 0,
    canEmail: missingFor('email', s).length === 0,
    finished,
  };
}

export async function getFirstDay(ctx: AppContext): Promise<FirstDayView> {
  return view(await getSettings(ctx), await readProgress(ctx));
}

export async function updateFirstDay(ctx: AppContext, patch: FirstDayPatch): Promise<FirstDayView> {
  return inTx(ctx, async (tctx) => {
    const p = await readProgress(tctx);
    if (patch.current) p.current = patch.current;
    if (patch.skip && !p.skipped.includes(patch.skip)) p.skipped.push(patch.skip);
    if (patch.unskip) p.skipped = p.skipped.filter((x) => x !== patch.unskip);
    if (patch.confirm && !p.confirmed.includes(patch.confirm)) p.confirmed.push(patch.confirm);
    const value = JSON.stringify(p);
    await tctx.db.insertInto('settings').values({ key: KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    await audit(tctx, 'settings', KEY, 'update', patch);
    return view(await getSettings(tctx), p);
  });
}
