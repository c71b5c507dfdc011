import { Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { download, emailReport, type Format, type ReportInfo, type Values } from './reports-api';

/** Rough bytes per cell of each format, to turn bytes received into a progress estimate when the row count is known. */
const BYTES_PER_CELL: Record<Format, number> = { CSV: 10, JSON: 22, XLS: 4, PDF: 120, EHF: 300 };

interface Props {
  report: ReportInfo;
  values: Values;
  columns: string[];
  /** Rows of the report when a preview told us; makes the progress bar a real estimate. */
  rowCount: number | null;
  onError: (e: unknown) => void;
}

/** A download button per offered format with a progress bar that can be cancelled, and sending by e-mail. */
export function ReportDownloads({ report, values, columns, rowCount, onError }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<{ format: Format; bytes: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [email, setEmail] = useState('');
  const [emailFormat, setEmailFormat] = useState<Format>(report.formats.includes('XLS') ? 'XLS' : report.formats[0]);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const start = async (format: Format) => {
    const controller = new AbortController();
    abort.current = controller;
    setBusy({ format, bytes: 0 });
    try {
      const file = await download(report, values, columns, format, i18n.language, controller.signal, (bytes) => setBusy({ format, bytes }));
      notifications.show({ color: 'green', message: t('rep.done', { file }) });
    } catch (e) {
      if ((e as Error).name === 'AbortError') notifications.show({ color: 'gray', message: t('rep.cancelled') });
      else onError(e);
    } finally {
      setBusy(null);
      abort.current = null;
    }
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

  const expected = rowCount !== null && busy ? Math.max(1, (rowCount + 1) * columns.length * BYTES_PER_CELL[busy.format]) : null;
  const percent = busy && expected ? Math.min(95, (busy.bytes / expected) * 100) : 100;

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
            <Text size="sm">{t('rep.progress', { format: t(`rep.format.${busy.format}`), kb: Math.round(busy.bytes / 1024) })}</Text>
            <Progress value={percent} animated striped={!expected} aria-label={t('rep.progress', { format: busy.format, kb: 0 })} />
          </Stack>
          <Button variant="light" color="red" size="xs" onClick={() => abort.current?.abort()} data-testid="download-cancel">
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
