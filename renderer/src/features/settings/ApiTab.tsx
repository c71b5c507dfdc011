import { Alert, Button, Code, CopyButton, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { ConfirmModal } from './ConfirmModal';
import { OtherErrors, SaveButton, SettingsSection } from './SettingsParts';
import { useSectionForm } from './useSectionForm';

interface V {
  enabled: boolean;
  port: number | string;
  sessionIdleMinutes: number | string;
  sessionMaxDays: number | string;
}
type Api = { enabled: boolean; port: number; sessionIdleMinutes: number; sessionMaxDays: number };
const fromSettings = (a: Api): V => ({ ...a });
const num = (x: number | string) => (typeof x === 'number' ? x : x === '' ? null : x);
const toPatch = (v: V) => ({ enabled: v.enabled, port: num(v.port), sessionIdleMinutes: num(v.sessionIdleMinutes), sessionMaxDays: num(v.sessionMaxDays) });

const mask = (key: string) => `${key.slice(0, 4)}${'•'.repeat(Math.max(8, key.length - 8))}${key.slice(-4)}`;

/** API: the loopback HTTP API (on/off, port; at next start) and its key (show, copy, regenerate). */
export function ApiTab() {
  const { t } = useTranslation();
  const f = useSectionForm('api', fromSettings, toPatch, t('settings.api.saved'));
  const [key, setKey] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [keyError, setKeyError] = useState<string | null>(null);

  useEffect(() => {
    call('settings.getApiKey')
      .then((r) => setKey(r.key))
      .catch((e) => setKeyError(e instanceof Error ? e.message : String(e)));
  }, []);

  async function regenerate() {
    setRegenerating(true);
    try {
      const r = await call('settings.regenerateApiKey', { body: {} });
      setKey(r.key);
      setShown(true);
      setKeyError(null);
      notifyOk(`${t('settings.api.regenerated')}. ${t('settings.api.regenerateSessions')}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setKeyError(e.message);
      else notifyError(e);
    } finally {
      setRegenerating(false);
      setConfirm(false);
    }
  }

  if (!f.values) return null;
  return (
    <Stack gap="md" maw={800}>
      <OtherErrors message={f.message} fields={f.other} />
      <SettingsSection title={t('settings.api.server')} description={t('settings.api.serverHint')}>
        <Stack gap="sm">
          <Switch
            label={t('settings.api.enabled')}
            checked={f.values.enabled}
            onChange={(e) => f.set('enabled', e.currentTarget.checked)}
            data-testid="api-enabled"
          />
          <NumberInput
            label={t('settings.api.port')}
            w={180}
            allowDecimal={false}
            thousandSeparator=""
            value={f.values.port}
            onChange={(x) => f.set('port', x)}
            data-testid="api-port"
            {...errorProps(f.errors, 'api.port')}
          />
          <Alert color="blue" variant="light" data-testid="api-restart-note">
            {t('settings.api.restartNote')}
          </Alert>
          <SaveButton onClick={() => void f.save()} loading={f.saving} testId="api-save" />
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('settings.api.sessions')} description={t('settings.api.sessionsHint')}>
        <Stack gap="sm">
          <Group align="flex-start">
            <NumberInput
              label={t('settings.api.sessionIdleMinutes')}
              w={300}
              min={5}
              max={10080}
              allowDecimal={false}
              thousandSeparator=""
              value={f.values.sessionIdleMinutes}
              onChange={(x) => f.set('sessionIdleMinutes', x)}
              data-testid="api-session-idle"
              {...errorProps(f.errors, 'api.sessionIdleMinutes')}
            />
            <NumberInput
              label={t('settings.api.sessionMaxDays')}
              w={300}
              min={1}
              max={365}
              allowDecimal={false}
              thousandSeparator=""
              value={f.values.sessionMaxDays}
              onChange={(x) => f.set('sessionMaxDays', x)}
              data-testid="api-session-max"
              {...errorProps(f.errors, 'api.sessionMaxDays')}
            />
          </Group>
          <SaveButton onClick={() => void f.save()} loading={f.saving} testId="api-sessions-save" />
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('settings.api.key')} description={t('settings.api.keyHint')}>
        <Stack gap="sm">
          <Group gap="xs">
            <Code fz="sm" px="sm" py={6} data-testid="api-key">
              {key ? (shown ? key : mask(key)) : '—'}
            </Code>
            <Button size="compact-sm" variant="default" onClick={() => setShown((s) => !s)} disabled={!key} data-testid="api-key-show">
              {shown ? t('settings.api.hide') : t('settings.api.show')}
            </Button>
            <CopyButton value={key ?? ''}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy} disabled={!key}>
                  {copied ? t('settings.api.copied') : t('settings.api.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          {keyError && (
            <Alert color="orange" variant="light" data-testid="api-key-error">
              {keyError}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {t('settings.api.usage')}
          </Text>
          <Group>
            <Button variant="light" color="red" onClick={() => setConfirm(true)} data-testid="api-key-regenerate">
              {t('settings.api.regenerate')}
            </Button>
          </Group>
        </Stack>
      </SettingsSection>
      <ConfirmModal
        opened={confirm}
        title={t('settings.api.regenerateTitle')}
        text={t('settings.api.regenerateText')}
        confirmLabel={t('settings.api.regenerate')}
        loading={regenerating}
        onConfirm={() => void regenerate()}
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}
