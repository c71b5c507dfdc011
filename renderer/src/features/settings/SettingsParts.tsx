import { Alert, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type FieldError } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { ConfirmModal } from './ConfirmModal';

/** A titled block of settings. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Text fw={600} size="sm" c="gray.7">
        {title}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      <div style={{ marginTop: description ? 0 : 10 }}>{children}</div>
    </Paper>
  );
}

/** Errors the service named but no input on the tab shows, plus a conflict message. */
export function OtherErrors({ message, fields, testId }: { message?: string | null; fields: FieldError[]; testId?: string }) {
  const { t } = useTranslation();
  if (!message && !fields.length) return null;
  return (
    <Alert color="red" title={t('settings.notSaved')} data-testid={testId ?? 'settings-other-errors'}>
      {message && <div>{message}</div>}
      {fields.map((f) => (
        <div key={f.field + f.message}>
          <strong>{f.field}</strong>: {f.message}
        </div>
      ))}
    </Alert>
  );
}

export function SaveButton({ onClick, loading, testId }: { onClick(): void; loading: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button onClick={onClick} loading={loading} data-testid={testId}>
        {t('common.save')}
        <Text span size="xs" c="teal.1" ml={6}>
          Ctrl+S
        </Text>
      </Button>
    </Group>
  );
}

/**
 * A settings list: a dimmed line when there is nothing, else a compact striped table with one row per
 * item (`cells` gives a row's <Table.Td>s).
 */
export function SettingsTable<T>({
  rows,
  rowKey,
  head,
  cells,
  empty,
  emptyTestId,
  emptyPadded,
  testId,
  rowTestId,
}: {
  rows: T[];
  rowKey: (row: T) => string | number;
  head: ReactNode;
  cells: (row: T) => ReactNode;
  empty: string;
  emptyTestId?: string;
  emptyPadded?: boolean;
  testId: string;
  rowTestId?: string;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" py={emptyPadded ? 'sm' : undefined} data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return (
    <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)} data-testid={rowTestId}>
            {cells(r)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The buttons at the end of a settings row (edit or rename, then delete). */
export function RowActions({ children, onDelete }: { children: ReactNode; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
        <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
          {t('common.delete')}
        </Button>
      </Group>
    </Table.Td>
  );
}

/**
 * Delete with an "are you sure": `ask(item)` opens the question; confirming runs the delete operation,
 * says so, and refreshes the list. Render `modal` once in the tab.
 */
export function useDeleteConfirm<T extends { number: number; name: string }>(opts: {
  op: 'labels.delete' | 'customFields.delete';
  refresh: () => Promise<void>;
  deleted: (item: T) => string;
  title: (item: T) => string;
  text: (item: T) => string;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);

  async function remove() {
    if (!deleting) return;
    try {
      await call(opts.op, { params: { number: deleting.number } });
      notifyOk(opts.deleted(deleting));
      await opts.refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setDeleting(null);
    }
  }

  const modal = (
    <ConfirmModal
      opened={deleting !== null}
      title={deleting ? opts.title(deleting) : ''}
      text={deleting ? opts.text(deleting) : ''}
      confirmLabel={t('common.delete')}
      onConfirm={() => void remove()}
      onClose={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, modal };
}
