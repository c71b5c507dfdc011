import { Type } from '@sinclair/typebox';
import { defineOp } from '../../ops/define.js';
import { OpError } from '../../ops/errors.js';
import { afterApiKeyRenewed, assertKeyRenewalWired } from './key-renewal.js';
import { getSettings, settingsView, updateSettings } from './settings.service.js';
import { SettingsPatch } from './settings.schema.js';
import { SettingsView, ApiKeyView, CurrentApiKeyView } from './settings.output.js';

export const settingsOps = [
  defineOp({
    name: 'settings.get',
    output: SettingsView,
    method: 'GET',
    path: '/originators/current/settings',
    summary: "The originator's settings: company, invoicing defaults, numbering, KID, API",
    run: async (_i, ctx) => settingsView(await getSettings(ctx)),
  }),
  defineOp({
    name: 'settings.update',
    output: SettingsView,
    method: 'PUT',
    path: '/originators/current/settings',
    summary: 'Change settings; send only the sections and fields to change',
    body: SettingsPatch,
    run: async ({ body }, ctx) => settingsView(await updateSettings(ctx, body)),
  }),
  defineOp({
    name: 'settings.getApiKey',
    output: CurrentApiKeyView,
    method: 'GET',
    path: '/originators/current/api-key',
    summary: 'The loopback API key',
    run: async (_i, ctx) => ({ key: ctx.apiKeys ? (ctx.apiKeys.read ? await ctx.apiKeys.read() : ctx.apiKeys.get()) : null }),
  }),
  defineOp({
    name: 'settings.regenerateApiKey',
    output: ApiKeyView,
    method: 'POST',
    path: '/originators/current/api-key',
    summary: 'Make a new loopback API key; the old one stops working at once',
    body: Type.Optional(Type.Object({})),
    run: async (_i, ctx) => {
      if (!ctx.apiKeys) throw new OpError('NO_KEY_STORE', 'This instance has no API key store');
      assertKeyRenewalWired();
      let key: string;
      try {
        key = await ctx.apiKeys.regenerate();
      } catch (e) {
        // Only the key set by KVITT_API_KEY is refused as fixed; anything else (a file that cannot be written) is a failure.
        if ((e as { keyFixed?: boolean }).keyFixed) throw new OpError('KEY_FIXED', (e as Error).message);
        throw e;
      }
      // Every session started with the old key ends (a leaked one cannot read the new key), but the one asking.
      await afterApiKeyRenewed(ctx.db, ctx.actor?.id === null ? ctx.actor.sessionId : undefined);
      return { key };
    },
  }),
];
