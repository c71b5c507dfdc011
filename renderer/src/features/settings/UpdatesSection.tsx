import { Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyOk } from '../../shared/errors';
import { SettingsSection } from './SettingsParts';
import { useSettings } from './settings.store';

/**
 * Settings → Data, desktop app only: whether Kvitt looks for updates by itself (updates.automatic, off by default; the
 * installed app's main/updater.ts follows it). Saved as soon as it is switched.
 */
export function UpdatesSection() {
  const { t } = useTranslation();
  const { settings, load, save } = useSettings();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void load().catch(notifyError);
  }, [load]);
  if (!settings) return null;

  async function toggle(automatic: boolean) {
    setBusy(true);
    try {
      await save({ updates: { automatic } });
      notifyOk(automatic ? t('updates.on') : t('updates.off'));
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title={t('updates.title')}>
      <Stack gap="xs">
        <Switch
          label={t('updates.automatic')}
          checked={settings.updates.automatic}
          disabled={busy}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          data-testid="updates-automatic"
        />
        <Text size="sm" c="dimmed">
          {t('updates.hint')}
        </Text>
      </Stack>
    </SettingsSection>
  );
}
