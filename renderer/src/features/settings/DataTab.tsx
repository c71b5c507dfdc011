import { Button, Code, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../api/client';
import { fieldErrorText } from '../../i18n/error-messages';
import { notifyError, notifyOk } from '../../shared/errors';
import { OtherErrors, SettingsSection } from './SettingsParts';
import { UpdatesSection } from './UpdatesSection';

type View = { mode: 'local'; file: string } | { mode: 'server'; url: string; fingerprint: string | null; keyEnd: string };
type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string; fields: FieldError[] } };

declare global {
  interface Window {
    /** The desktop app only (preload): where its data is (main/office-server/connection.ts). */
    desktop?: { getConnection(): Promise<Answer<View>>; setConnection(input: unknown): Promise<Answer<View>> };
  }
}

/**
 * Settings → Data: in the desktop app, the local file or an office server (URL, key, certificate fingerprint), saved in
 * the data folder and applied by a restart; in a browser, only where the data is (the server it was loaded from).
 */
export function DataTab() {
  const { t } = useTranslation();
  const desktop = window.desktop;
  const [view, setView] = useState<View | null>(null);
  const [mode, setMode] = useState<'local' | 'server'>('local');
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [fields, setFields] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    desktop
      ?.getConnection()
      .then((a) => {
        if (!a.ok) return notifyError(new Error(a.error.message));
        setView(a.value);
        setMode(a.value.mode);
        if (a.value.mode === 'server') {
          setUrl(a.value.url);
          setFingerprint(a.value.fingerprint ?? '');
        }
      })
      .catch(notifyError);
  }, [desktop]);

  if (!desktop) {
    return (
      <SettingsSection title={t('data.where')}>
        <Text size="sm">{t('data.browserHint')}</Text>
        <Code data-testid="data-server-origin">{window.location.origin}</Code>
      </SettingsSection>
    );
  }
  if (!view) return null;

  const err = (f: string) => fields.find((x) => x.field === f)?.message;
  async function save() {
    setSaving(true);
    try {
      const input = mode === 'local' ? { mode } : { mode, url: url.trim(), key: key.trim(), fingerprint: fingerprint.trim() || null };
      const a = await desktop!.setConnection(input);
      if (!a.ok) return setFields(a.error.fields.map((f) => ({ ...f, message: fieldErrorText(f) })));
      setFields([]);
      notifyOk(t('data.saved'));
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(false);
    }
  }
  const other = fields.filter((f) => !['url', 'key', 'fingerprint', 'mode'].includes(f.field));

  return (
    <Stack gap="md" maw={800}>
      <OtherErrors fields={other} />
      <SettingsSection title={t('data.where')} description={t('data.restartNote')}>
        <Radio.Group value={mode} onChange={(v) => setMode(v as 'local' | 'server')} error={err('mode')}>
          <Stack gap="sm">
            <Radio value="local" label={t('data.localFile')} data-testid="data-mode-local" />
            {mode === 'local' && view.mode === 'local' && (
              <Text size="sm" ml="xl">
                {t('data.localHint')} <Code>{view.file}</Code>
              </Text>
            )}
            <Radio value="server" label={t('data.office')} data-testid="data-mode-server" />
            {view.mode === 'server' && <Text size="sm" ml="xl">{t('data.currentServer', { url: view.url })}</Text>}
            {mode === 'server' && (
              <Stack gap="xs" ml="xl">
                <Text size="xs" c="dimmed">{t('data.officeHint')}</Text>
                <TextInput label={t('data.url')} placeholder="https://kvitt.kontor.lan:7070" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={err('url')} data-testid="data-url" />
                <TextInput
                  label={t('data.key')}
                  type="password"
                  description={view.mode === 'server' ? t('data.keySaved', { end: view.keyEnd }) : undefined}
                  value={key}
                  onChange={(e) => setKey(e.currentTarget.value)}
                  error={err('key')}
                  data-testid="data-key"
                />
                <TextInput
                  label={t('data.fingerprint')}
                  description={t('data.fingerprintHint')}
                  placeholder="AB:CD:EF:…"
                  value={fingerprint}
                  onChange={(e) => setFingerprint(e.currentTarget.value)}
                  error={err('fingerprint')}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  data-testid="data-fingerprint"
                />
              </Stack>
            )}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" mt="md">
          <Button onClick={save} loading={saving} data-testid="data-save">
            {t('data.save')}
          </Button>
        </Group>
      </SettingsSection>
      {view.mode === 'local' && <UpdatesSection />}
    </Stack>
  );
}
