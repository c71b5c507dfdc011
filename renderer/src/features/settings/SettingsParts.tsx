import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../api/client';

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
