import { Alert, Button, Code, Group, List, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, call } from '../../api/client';
import type { BackupInfo } from './backup.types';
import { notifyError, notifyOk } from '../../shared/errors';
import { formatNumber } from '../../shared/format';
import { RestoreBackupModal } from './RestoreBackupModal';
import { SettingsSection, SettingsTable } from './SettingsParts';

/** A backup as backups.list / backups.create answer: the service's own type (erased at build time). */

/** 532 B, 12,3 kB, 4,6 MB (1 kB = 1024 bytes), with the language's decimal comma or point. */
export function formatBytes(bytes: number, lang = 'nb'): string {
  const n = (v: number) => formatNumber(v, 1, 1, lang === 'en' ? 'en' : 'nb');
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${n(bytes / 1024)} kB`;
  return `${n(bytes / (1024 * 1024))} MB`;
}

/** "2026-11-22 11:20:05" (or ISO with T) -> "22.11.2026 11:20". */
export function formatTimestamp(ts: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(ts);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : ts;
}

const isNoFolder = (e: unknown) => e instanceof ApiError && e.status === 409 && e.code === 'NO_DATA_FOLDER';

/** Sikkerhetskopi: where the data lives, take a consistent copy now, the copies there are, how to restore. */
export function BackupsTab() {
  const { t, i18n } = useTranslation();
  const [dataFolder, setDataFolder] = useState<string | null | undefined>(undefined);
  const [backups, setBackups] = useState<BackupInfo[] | null>(null);
  const [noFolder, setNoFolder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [latest, setLatest] = useState<BackupInfo | null>(null);
  const [restoring, setRestoring] = useState<BackupInfo | null>(null);
  // ?open=<file>: a backup opened from the file manager (main/index.ts copied it here): show what it holds at once.
  const [search, setSearch] = useSearchParams();
  const opened = search.get('open');
  useEffect(() => {
    const found = opened ? backups?.find((b) => b.file === opened) : undefined;
    if (!found) return;
    setRestoring(found);
    setSearch({}, { replace: true });
  }, [opened, backups, setSearch]);

  const refresh = useCallback(async () => {
    try {
      setBackups(await call('backups.list'));
      setNoFolder(false);
    } catch (e) {
      if (isNoFolder(e)) setNoFolder(true);
      else setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    call('common.info')
      .then((info) => setDataFolder(info.dataFolder ?? null))
      .catch(() => setDataFolder(null));
    void refresh();
  }, [refresh]);

  async function create() {
    setBusy(true);
    setError(null);
    try {
      // A 201 reaches the GUI as { created, body }; take the object whichever way it comes.
      const r = await call('backups.create', { body: {} });
      const b = 'body' in r ? r.body : r;
      setLatest(b);
      notifyOk(t('settings.backups.created', { file: b.file }));
      await refresh();
    } catch (e) {
      if (isNoFolder(e)) setNoFolder(true);
      else if (e instanceof ApiError) setError(e.message);
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <SettingsSection title={t('settings.backups.where')} description={t('settings.backups.whereHint')}>
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">{t('settings.backups.dataFolder')}</Text>
            <Code fz="sm" data-testid="backup-data-folder">
              {dataFolder === undefined ? '…' : (dataFolder ?? t('settings.backups.inMemory'))}
            </Code>
          </Group>
          <Text size="sm" c="dimmed">
            {t('settings.backups.consistent')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="backup-automatic">
            {t('settings.backups.automatic')}
          </Text>
        </Stack>
      </SettingsSection>

      <SettingsSection title={t('settings.backups.take')} description={t('settings.backups.takeHint')}>
        <Stack gap="sm">
          {noFolder ? (
            <Alert color="orange" variant="light" title={t('settings.backups.noFolderTitle')} data-testid="backup-no-folder">
              {t('settings.backups.noFolderText')}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" title={t('settings.backups.failed')} data-testid="backup-error">
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => void create()} loading={busy} data-testid="backup-create">
              {t('settings.backups.create')}
            </Button>
          </Group>
          {latest ? (
            <Alert color="teal" variant="light" title={t('settings.backups.done')} data-testid="backup-latest">
              <Text size="sm">
                <Code>{latest.file}</Code> · {formatBytes(latest.bytes, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
                {latest.path}
              </Text>
            </Alert>
          ) : null}
        </Stack>
      </SettingsSection>

      {!noFolder ? (
        <SettingsSection title={t('settings.backups.list')}>
          {backups === null ? null : (
            <SettingsTable
              rows={backups}
              rowKey={(b) => b.file}
              empty={t('settings.backups.empty')}
              emptyTestId="backups-empty"
              testId="backups-table"
              rowTestId="backup-row"
              head={
                <>
                  <Table.Th>{t('settings.backups.file')}</Table.Th>
                  <Table.Th ta="right">{t('settings.backups.size')}</Table.Th>
                  <Table.Th>{t('settings.backups.kindHead')}</Table.Th>
                  <Table.Th ta="right">{t('settings.backups.time')}</Table.Th>
                  <Table.Th />
                </>
              }
              cells={(b) => (
                <>
                  <Table.Td fw={500} title={b.path}>
                    {b.file}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatBytes(b.bytes, i18n.language)}
                  </Table.Td>
                  <Table.Td>{t(`settings.backups.kind.${b.kind}`)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatTimestamp(b.createdAt)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="light" onClick={() => setRestoring(b)} data-testid="backup-restore-open">
                      {t('settings.backups.restoreOpen')}
                    </Button>
                  </Table.Td>
                </>
              )}
            />
          )}
        </SettingsSection>
      ) : null}

      <SettingsSection title={t('settings.backups.restore')} description={t('settings.backups.restoreHint')}>
        <Text size="sm" mb="xs" data-testid="backup-restore-how">
          {t('settings.backups.restoreInApp')}
        </Text>
        <Text size="sm" fw={500} mb={4}>
          {t('settings.backups.restoreManual')}
        </Text>
        <List type="ordered" size="sm" spacing={4} data-testid="backup-restore">
          <List.Item>{t('settings.backups.restore1')}</List.Item>
          <List.Item>{t('settings.backups.restore2')}</List.Item>
          <List.Item>{t('settings.backups.restore3')}</List.Item>
          <List.Item>{t('settings.backups.restore4')}</List.Item>
        </List>
      </SettingsSection>
      <RestoreBackupModal backup={restoring} onClose={() => setRestoring(null)} onRestored={() => void refresh()} />
    </Stack>
  );
}
