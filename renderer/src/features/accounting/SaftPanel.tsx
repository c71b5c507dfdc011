import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadBlob, save } from '../../api/client';
import { DateField } from '../../shared/DateField';
import { notifyError } from '../../shared/errors';
import { todayIso } from '../../shared/money';
import { onPush } from '../../shared/push';

/** The exact file name (filename*, RFC 6266: the SAF-T name has a space), else the plain one. */
function fileNameOf(header: string | null): string {
  const exact = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  if (exact) return decodeURIComponent(exact);
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'SAF-T.xml';
}

async function downloadSaft(from: string, to: string, token: string, signal: AbortSignal): Promise<string | null> {
  const query = { from, to, progress: token };
  if (window.api) {
    const saved = await save('reports.saft', { query });
    return saved.saved ? (saved.filename ?? saved.saved) : null;
  }
  const res = await fetch(new URL(`/reports/saft?${new URLSearchParams(query)}`, window.location.origin), { credentials: 'same-origin', headers: { 'x-kvitt-client': '1' }, signal });
  if (!res.ok) {
    const body = await res.json().catch(() => ({ error: 'ERROR', message: res.statusText, fields: [] }));
    throw new ApiError(res.status, body.error, body.message, body.fields ?? []);
  }
  const name = fileNameOf(res.headers.get('content-disposition'));
  downloadBlob(await res.blob(), name);
  return name;
}

/** Rapporter → Regnskap → SAF-T: the period (last year by default) and the download with its progress. */
export function SaftPanel() {
  const { t, i18n } = useTranslation();
  const lastYear = Number(todayIso().slice(0, 4)) - 1;
  const [from, setFrom] = useState<string | null>(`${lastYear}-01-01`);
  const [to, setTo] = useState<string | null>(`${lastYear}-12-31`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<{ token: string; done: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => onPush((e) => void (e.type === 'progress' && setBusy((b) => (b && b.token === e.job ? { ...b, done: e.done } : b)))), []);

  const start = async () => {
    const token = crypto.randomUUID();
    abort.current = new AbortController();
    setBusy({ token, done: 0 });
    setErrors({});
    try {
      const file = await downloadSaft(from ?? '', to ?? '', token, abort.current.signal);
      notifications.show(file ? { color: 'green', message: t('rep.done', { file }) } : { color: 'gray', message: t('rep.notSaved') });
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) setErrors(Object.fromEntries(e.fields.map((f) => [f.field, f.message])));
      else notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const nf = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nb-NO');
  return (
    <Paper withBorder p="md" data-testid="saft-panel">
      <Stack gap="sm">
        <Title order={3}>{t('acc.saft.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('acc.saft.hint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={480}>
          <DateField label={t('acc.from')} withAsterisk value={from} onChange={setFrom} error={errors.from} />
          <DateField label={t('acc.to')} withAsterisk value={to} onChange={setTo} error={errors.to} />
        </SimpleGrid>
        <Group>
          <Button onClick={() => void start()} disabled={!!busy} data-testid="saft-download">
            {t('acc.saft.download')}
          </Button>
          {busy && (
            <Group gap={6} data-testid="saft-progress">
              <Loader size="xs" />
              <Text size="sm">{t('acc.saft.progress', { n: nf.format(busy.done) })}</Text>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
