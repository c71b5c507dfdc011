import { Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { onPush } from '../../shared/push';
import { cancelDownload, download, emailReport, type Format, type ReportInfo, type Values } from './reports-api';

interface Busy {
  format: Format;
  bytes: number;
  /** Rows written of the report's rows, as the server publishes them on the push channel (null total: not counted). */
  rows: number;
  total: number | null;
  /** The server's phase: count, rows, file (XLSX: the finished file goes out). */
  phase: string;
}

interface Props {
  report: ReportInfo;
  values: Values;
  columns: string[];
  onError: (e: unknown) => void;
}

/** A download button per offered format with a progress bar that can be cancelled, and sending by e-mail. */
export function ReportDownloads({ report, values, columns, onError }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<Busy | null>(null);
  const abort = useRef<{ controller: AbortController; token: string } | null>(null);
  const [email, setEmail] = useState('');
  const [emailFormat, setEmailFormat] = useState<Format>(report.formats.includes('XLS') ? 'XLS' : report.formats[0]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  /** Changes the bar of download `token`, if it is still the one running. */
  const update = (token: string, patch: Partial<Busy>) => setBusy((b) => (b && abort.current?.token === token ? { ...b, ...patch } : b));
  // The export's progress as the server publishes it (push channel: server-sent events, or the IPC event in Electron).
  useEffect(
    () =>
      onPush((e) => {
        if (e.type !== 'progress' || e.job !== abort.current?.token) return;
        setBusy((b) => (b && abort.current?.token === e.job ? { ...b, rows: e.done, total: e.total, phase: e.phase } : b));
      }),
    [],
  );

  const start = async (format: Format) => {
    const controller = new AbortController();
    const token = crypto.randomUUID();
    abort.current = { controller, token };
    setBusy({ format, bytes: 0, rows: 0, total: null, phase: 'count' });
    try {
      const file = await download(report, values, columns, format, i18n.language, token, controller.signal, (bytes) => update(token, { bytes }));
      notifications.show(file ? { color: 'green', message: t('rep.done', { file }) } : { color: 'gray', message: t('rep.notSaved') });
    } catch (e) {
      const cancelled = (e as Error).name === 'AbortError' || (e instanceof ApiError && e.code === 'CANCELLED');
      if (cancelled) notifications.show({ color: 'gray', message: t('rep.cancelled') });
      else onError(e);
    } finally {
      setBusy(null);
      abort.current = null;
    }
  };

  const cancel = () => {
    const current = abort.current;
    if (!current) return;
    current.controller.abort();
    void cancelDownload(current.token);
  };

  const send = async () => {
    setEmailError(undefined);
    setSending(true);
    try {
      await emailReport(report, values, columns, emailFormat, email.trim(), i18n.language);
      notifications.show({ color: 'green', message: t('rep.emailQueued', { to: email.trim() }) });
    } catch (e) {
      if (e instanceof ApiError && e.fieldMessage('email')) setEmailError(e.fieldMessage('email'));
      else onError(e);
    } finally {
      setSending(false);
    }
  };

  // True progress: rows written of the report's rows while the server writes; the bar stays striped where the total
  // is not known (reports without a row count, or before the export has started).
  const percent = busy && busy.total ? Math.min(100, (busy.rows / busy.total) * 100) : 100;
  const nf = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nb-NO');
  const label = (b: Busy) =>
    b.phase === 'file'
      ? t('rep.progressFile', { format: t(`rep.format.${b.format}`) })
      : b.total !== null
        ? t('rep.progressRows', { format: t(`rep.format.${b.format}`), rows: nf.format(b.rows), total: nf.format(b.total) })
        : t('rep.progress', { format: t(`rep.format.${b.format}`), kb: Math.round(b.bytes / 1024) });

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{t('rep.download')}</Text>
        {report.formats.map((f) => (
          <Button key={f} variant="default" size="sm" disabled={!!busy} onClick={() => start(f)} data-testid={`download-${f}`}>
            {t(`rep.format.${f}`)}
          </Button>
        ))}
      </Group>
      {report.formats.includes('CSV') && (
        <Text size="xs" c="dimmed">
          {t('rep.csvNote')}
        </Text>
      )}
      {busy && (
        <Group gap="sm" data-testid="download-progress" wrap="nowrap">
          <Stack gap={2} style={{ flex: 1 }}>
            <Text size="sm" data-testid="download-progress-text">
              {label(busy)}
            </Text>
            <Progress value={percent} animated striped={!busy.total} aria-label={label(busy)} />
          </Stack>
          <Button variant="light" color="red" size="xs" onClick={cancel} data-testid="download-cancel">
            {t('rep.cancel')}
          </Button>
        </Group>
      )}
      <Group gap="xs" align="flex-end">
        <TextInput label={t('rep.emailTo')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={emailError} w={260} data-testid="report-email" />
        <Select label={t('rep.emailFormat')} w={150} data={report.formats.map((f) => ({ value: f, label: t(`rep.format.${f}`) }))} value={emailFormat} onChange={(v) => v && setEmailFormat(v as Format)} allowDeselect={false} />
        <Button onClick={send} loading={sending} disabled={!email.trim()} data-testid="report-email-send">
          {t('rep.email')}
        </Button>
      </Group>
    </Stack>
  );
}
