import { Alert, Button, Code, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import type { BackupContents, BackupInfo } from './backup.types';
import { formatDate, formatMoney } from '../../shared/money';

const KINDS = ['invoice', 'credit-note', 'offer', 'order-confirmation'] as const;

/**
 * Restore a backup: first shows what the copy holds (counts, the newest issued document, whether it is intact), then
 * restores on request. The current database is kept as a backup first (the service does it); after a restore the app
 * starts over on the restored data.
 */
export function RestoreBackupModal({ backup, onClose, onRestored }: { backup: BackupInfo | null; onClose(): void; onRestored(): void }) {
  const { t } = useTranslation();
  const [contents, setContents] = useState<BackupContents | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ previous: BackupInfo } | null>(null);

  useEffect(() => {
    setContents(null);
    setError(null);
    setDone(null);
    if (!backup) return;
    call('backups.inspect', { params: { file: backup.file } })
      .then(setContents)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [backup]);

  async function restore() {
    if (!backup) return;
    setBusy(true);
    setError(null);
    try {
      const r = await call('backups.restore', { params: { file: backup.file }, body: {} });
      setDone(r);
      onRestored();
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const c = contents?.counts;
  const rows: Array<[string, number | undefined]> = [
    [t('settings.backups.count.recipients'), c?.recipients],
    [t('settings.backups.count.products'), c?.products],
    [t('settings.backups.count.invoices'), c?.invoices],
    [t('settings.backups.count.creditNotes'), c?.creditNotes],
    [t('settings.backups.count.offers'), c?.offers],
    [t('settings.backups.count.orderConfirmations'), c?.orderConfirmations],
    [t('settings.backups.count.drafts'), c?.drafts],
  ];
  const newest = contents?.newestDocument;
  const kindLabel = (k: string) => (KINDS.includes(k as (typeof KINDS)[number]) ? t(`settings.backups.docKind.${k}`) : k);
  const blocked = !contents || !contents.intact || contents.newerVersion;

  return (
    <Modal opened={backup !== null} onClose={onClose} centered size="lg" title={<Text fw={600}>{t('settings.backups.restoreTitle')}</Text>}>
      <Stack gap="sm" data-testid="restore-modal">
        <Text size="sm">
          <Code>{backup?.file}</Code>
        </Text>
        {error ? (
          <Alert color="red" variant="light" data-testid="restore-error">
            {error}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="teal" variant="light" title={t('settings.backups.restoredTitle')} data-testid="restore-done">
            <Text size="sm">{t('settings.backups.restoredText', { file: backup?.file, previous: done.previous.file })}</Text>
            <Button mt="sm" onClick={() => window.location.reload()} data-testid="restore-reload">
              {t('settings.backups.reload')}
            </Button>
          </Alert>
        ) : contents === null && !error ? (
          <Loader size="sm" />
        ) : contents ? (
          <>
            <Text size="sm" fw={500}>
              {t('settings.backups.holds')}
            </Text>
            <Table fz="sm" verticalSpacing={4} withRowBorders={false} data-testid="restore-counts" maw={420}>
              <Table.Tbody>
                {rows.map(([label, n]) => (
                  <Table.Tr key={label}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(n ?? 0, 0)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" data-testid="restore-newest">
              {newest
                ? t('settings.backups.newest', {
                    kind: kindLabel(newest.kind),
                    number: newest.number,
                    date: formatDate(newest.date),
                    recipient: newest.recipient,
                    total: formatMoney(newest.total),
                  })
                : t('settings.backups.noDocuments')}
            </Text>
            {contents.lastChange ? (
              <Text size="xs" c="dimmed">
                {t('settings.backups.lastChange', { at: contents.lastChange.slice(0, 16).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3.$2.$1') })}
              </Text>
            ) : null}
            {!contents.intact ? (
              <Alert color="red" variant="light" data-testid="restore-damaged">
                {t('settings.backups.damaged')}
              </Alert>
            ) : null}
            {contents.newerVersion ? (
              <Alert color="orange" variant="light" data-testid="restore-newer">
                {t('settings.backups.newer')}
              </Alert>
            ) : null}
            <Alert color="orange" variant="light" data-testid="restore-warning">
              {t('settings.backups.restoreWarning')}
            </Alert>
          </>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {done ? t('settings.backups.close') : t('common.cancel')}
          </Button>
          {done ? null : (
            <Button color="red" onClick={() => void restore()} loading={busy} disabled={blocked} data-testid="restore-confirm">
              {t('settings.backups.restoreNow')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
