import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUnsavedGuard } from '../../shared/unsaved.store';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { useLookups } from '../../shared/lookups.store';
import type { Label } from '../recipients/recipient.types';
import { RowActions, SettingsSection, SettingsTable, useDeleteConfirm } from './SettingsParts';
import { useOneAtATime } from '../../shared/use-one-at-a-time';

const nameError = (e: unknown) => (e instanceof ApiError ? (e.fieldMessage('name') ?? e.message) : null);

/** Etiketter: recipient groups with their member counts. */
export function LabelsTab() {
  const { t } = useTranslation();
  const labels = useLookups((s) => s.labels);
  const refresh = useLookups((s) => s.refreshLabels);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ label: Label; name: string; error: string | null } | null>(null);
  const del = useDeleteConfirm<Label>({
    op: 'labels.delete',
    refresh,
    deleted: (l) => t('settings.labels.deleted', { name: l.name }),
    title: (l) => t('settings.labels.deleteTitle', { name: l.name }),
    text: (l) => t('settings.labels.deleteText', { count: l.recipients }),
  });

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A new name typed, or a label being renamed, and not saved: leaving asks first.
  useUnsavedGuard('settings-labels', name.trim() !== '' || (editing !== null && editing.name !== editing.label.name), () => (editing ? rename() : add()));

  /**
   * True when saved. Enter pressed again while the label is being created is that same creation (it was a second one,
   * refused as taken: 'finnes allerede' under the emptied input although the label had been made).
   */
  const add = useOneAtATime(addNow);

  async function addNow(): Promise<boolean> {
    try {
      await call('labels.create', { body: { name } });
      notifyOk(t('settings.labels.created', { name }));
      setName('');
      setError(null);
      await refresh();
      return true;
    } catch (e) {
      setError(nameError(e));
      if (!(e instanceof ApiError)) notifyError(e);
      return false;
    }
  }

  async function rename(): Promise<boolean> {
    if (!editing) return true;
    try {
      await call('labels.update', { params: { number: editing.label.number }, body: { name: editing.name } });
      setEditing(null);
      await refresh();
      return true;
    } catch (e) {
      setEditing({ ...editing, error: nameError(e) });
      return false;
    }
  }

  return (
    <Stack gap="md" maw={800}>
      <SettingsSection title={t('settings.labels.title')} description={t('settings.labels.hint')}>
        <Group align="flex-start" gap="xs" mb="sm">
          <TextInput
            placeholder={t('settings.labels.newPlaceholder')}
            aria-label={t('settings.labels.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
            error={error}
            errorProps={{ 'data-testid': 'error-label-name' }}
            w={320}
            data-testid="label-name"
          />
          <Button variant="light" onClick={() => void add()} data-testid="label-add">
            {t('settings.labels.add')}
          </Button>
        </Group>
        <SettingsTable
          rows={labels}
          rowKey={(l) => l.number}
          empty={t('settings.labels.empty')}
          testId="labels-table"
          head={
            <>
              <Table.Th>{t('settings.labels.name')}</Table.Th>
              <Table.Th ta="right" w={120}>
                {t('settings.labels.members')}
              </Table.Th>
              <Table.Th w={230} />
            </>
          }
          cells={(l) => (
            <>
              <Table.Td>
                {editing?.label.number === l.number ? (
                  <TextInput
                    size="xs"
                    value={editing.name}
                    autoFocus
                    onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') void rename();
                      if (e.key === 'Escape') setEditing(null);
                    }}
                    error={editing.error}
                  />
                ) : (
                  <Text span fw={500} inherit>
                    {l.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{l.recipients}</Table.Td>
              <RowActions onDelete={() => del.ask(l)}>
                {editing?.label.number === l.number ? (
                  <Button size="compact-sm" variant="subtle" onClick={() => void rename()}>
                    {t('common.save')}
                  </Button>
                ) : (
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ label: l, name: l.name, error: null })}>
                    {t('settings.labels.rename')}
                  </Button>
                )}
              </RowActions>
            </>
          )}
        />
      </SettingsSection>
      {del.modal}
    </Stack>
  );
}
