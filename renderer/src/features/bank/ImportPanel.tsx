import { Alert, Badge, Button, FileButton, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { formatMoney, formatNumber } from '../../shared/format';
import { uploadBankFile, type BankFile, type UploadHandle } from './bank-api';
import { useBank } from './bank.store';

interface Running {
  fileName: string;
  size: number;
  sent: number;
  cancelling: boolean;
}

type Outcome = { kind: 'failed'; fileName: string; message: string } | { kind: 'cancelled'; fileName: string } | null;

/** Files a bank delivers: OCR giro (.txt, .ocr, .dat, often no extension) and ISO 20022 XML. */
const ACCEPT = '.txt,.ocr,.dat,.xml,.camt,text/plain,application/xml,text/xml';

/**
 * Drop a bank file (or choose one): a progress bar while it is sent (with Cancel: the service never gets it) and while
 * the service reads, matches and saves it; then the summary of what the file held and what matched.
 */
export function ImportPanel({ onShowUnmatched }: { onShowUnmatched: () => void }) {
  const { t } = useTranslation();
  const last = useBank((s) => s.last);
  const [running, setRunning] = useState<Running | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [over, setOver] = useState(false);
  const upload = useRef<UploadHandle | null>(null);

  async function start(file: File) {
    if (running) return;
    setOutcome(null);
    setRunning({ fileName: file.name, size: file.size, sent: 0, cancelling: false });
    const handle = uploadBankFile(file, (sent, size) => setRunning((r) => (r ? { ...r, sent, size } : r)));
    upload.current = handle;
    try {
      const result: BankFile = await handle.done;
      useBank.getState().imported(result);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'UPLOAD_CANCELLED') setOutcome({ kind: 'cancelled', fileName: file.name });
      // A refused file: the service names what is wrong with it (the line, the totals, the format found) per field.
      else if (e instanceof ApiError && e.fields.length) setOutcome({ kind: 'failed', fileName: file.name, message: e.fields.map((f) => f.message).join('\n') });
      else setOutcome({ kind: 'failed', fileName: file.name, message: e instanceof Error ? e.message : String(e) });
    } finally {
      upload.current = null;
      setRunning(null);
    }
  }

  /**
   * Cancel while the file is still on its way: the service never gets it whole, so nothing is read or saved. Once it
   * has the file, the import runs as one transaction to its end (all of it saved, or nothing when the file is refused).
   */
  function cancel() {
    if (!running || running.sent >= running.size) return;
    setRunning({ ...running, cancelling: true });
    upload.current?.abort();
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files?.[0];
    if (file) void start(file);
  }

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="md"
        data-testid="bank-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', borderWidth: 2, background: over ? 'var(--mantine-color-teal-0)' : undefined }}
      >
        {running ? (
          <ImportProgress running={running} onCancel={cancel} />
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{t('bank.drop.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('bank.drop.help')}
              </Text>
            </Stack>
            <FileButton onChange={(f) => f && void start(f)} accept={ACCEPT} inputProps={{ 'data-testid': 'bank-file-input' } as object}>
              {(props) => (
                <Button {...props} variant="light" data-testid="bank-choose">
                  {t('bank.drop.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Paper>
      {outcome?.kind === 'failed' ? (
        <Alert color="red" title={t('bank.import.failedTitle', { name: outcome.fileName })} withCloseButton onClose={() => setOutcome(null)} data-testid="bank-import-error">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="bank-import-reason">
            {outcome.message}
          </Text>
          <Text size="xs" mt={4}>
            {t('bank.import.nothingSaved')}
          </Text>
        </Alert>
      ) : null}
      {outcome?.kind === 'cancelled' ? (
        <Alert color="gray" withCloseButton onClose={() => setOutcome(null)} data-testid="bank-import-cancelled">
          {t('bank.import.cancelledText', { name: outcome.fileName })}
        </Alert>
      ) : null}
      {last && !running && !outcome ? <ImportSummary file={last} onShowUnmatched={onShowUnmatched} /> : null}
    </Stack>
  );
}

function ImportProgress({ running, onCancel }: { running: Running; onCancel: () => void }) {
  const { t } = useTranslation();
  const uploading = running.sent < running.size;
  return (
    <Stack gap={6} data-testid="bank-progress">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} truncate>
          {t('bank.progress.title', { name: running.fileName })}
        </Text>
        {uploading ? (
          <Button size="compact-sm" variant="default" color="red" onClick={onCancel} loading={running.cancelling} data-testid="bank-cancel">
            {t('bank.progress.cancel')}
          </Button>
        ) : null}
      </Group>
      <Progress value={uploading ? (100 * running.sent) / Math.max(1, running.size) : 100} animated={!uploading} size="lg" />
      <Text size="sm" c="dimmed" data-testid="bank-progress-text">
        {uploading ? `${t('bank.phase.upload')} · ${mb(running.sent)} / ${mb(running.size)}` : t('bank.phase.work')}
      </Text>
    </Stack>
  );
}

/** Megabytes with one decimal in the language's style. */
const mb = (bytes: number) => `${formatNumber(bytes / (1024 * 1024), 1)} MB`;

const FORMAT_LABEL: Record<string, string> = { OCR: 'OCR giro', CAMT054: 'camt.054', CAMT053: 'camt.053' };

export function ImportSummary({ file, onShowUnmatched }: { file: BankFile; onShowUnmatched?: () => void }) {
  const { t } = useTranslation();
  const figure = (key: string, value: number, testId: string, amount?: number) => (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {t(key)}
      </Text>
      <Text fw={600}>
        {formatNumber(value)}
        {amount !== undefined ? <Text span size="sm" c="dimmed">{` · ${formatMoney(amount)}`}</Text> : null}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="md" data-testid="bank-summary">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="light">{FORMAT_LABEL[file.format] ?? file.format}</Badge>
          <Text fw={600} truncate component={Link} to={`/bank/files/${file.id}`}>
            {file.fileName}
          </Text>
        </Group>
        {onShowUnmatched && file.unmatched > 0 ? (
          <Button size="compact-sm" variant="light" onClick={onShowUnmatched} data-testid="bank-show-unmatched">
            {t('bank.summary.showUnmatched', { count: file.unmatched })}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="sm">
        {figure('bank.summary.transactions', file.transactions, 'sum-transactions', file.amount)}
        {figure('bank.summary.matched', file.matched, 'sum-matched', file.matchedAmount)}
        {figure('bank.summary.unmatched', file.unmatched, 'sum-unmatched')}
        {figure('bank.summary.ignored', file.ignored, 'sum-ignored')}
        {figure('bank.summary.duplicates', file.duplicates, 'sum-duplicates')}
      </SimpleGrid>
      {file.duplicates > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('bank.summary.duplicatesHelp')}
        </Text>
      ) : null}
    </Paper>
  );
}
