/**
 * The automatic dunning run once a day while the app runs (Settings → Purring: automatic dunning on). The day of the
 * last run is kept in the settings table, so a restart the same day does not run again; the run itself never dunns
 * twice for the same deadline anyway (candidates.service.ts).
 */
import type { AppContext } from '../../context.js';
import { audit } from '../audit/index.js';
import { getSettings } from '../settings/index.js';
import { runDunnings, type RunResult } from './candidates.service.js';
import { startHourlyCheck } from '../../hourly-check.js';
import { inTx } from '../../ops/transaction.js';
import { withJobLease } from '../../ops/leases.js';

const LAST_RUN = 'dunning-last-run';

/**
 * Today's automatic run unless automatic dunning is off or today's run was made. One process runs it at a time (the
 * 'daily-dunning-run' job lease, main/ops/leases.ts); another process that checks meanwhile leaves it, and the run's
 * own lock would keep any invoice from a second notice anyway.
 */
export async function dailyDunningRun(ctx: AppContext): Promise<RunResult | null> {
  if (!(await getSettings(ctx)).dunning.autoEnabled) return null;
  return withJobLease(ctx, 'daily-dunning-run', () => runOnceToday(ctx));
}

async function runOnceToday(ctx: AppContext): Promise<RunResult | null> {
  const today = ctx.clock.today();
  const last = await ctx.db.selectFrom('settings').select('value').where('key', '=', LAST_RUN).executeTakeFirst();
  if (last && JSON.parse(last.value) === today) return null;
  const result = await runDunnings(ctx);
  const value = JSON.stringify(today);
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await trx.insertInto('settings').values({ key: LAST_RUN, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    await audit(tctx, 'dunning-run', today, 'daily', { created: result.created, withFee: result.withFee, sent: result.sent, skipped: result.skipped.length });
  });
  return result;
}

/** A check at start and every hour; a failed run is logged and tried at the next check. Returns the stop function. */
export function startDailyDunnings(ctx: AppContext, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return startHourlyCheck(() => dailyDunningRun(ctx), 'The automatic dunning run failed; it is tried again within the hour:', everyMs);
}
