import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CsvImportModal } from './CsvImportModal';
import { formatNumber } from '../../shared/format';
import { useLookups } from '../../shared/lookups.store';
import { useRecipientList } from './recipientList.store';
import { RecipientTable } from './RecipientTable';
import './recipients.css';

export function RecipientListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { q, labelNumber, total, error, setFilter } = useRecipientList();
  const labels = useLookups((s) => s.labels);
  const loadLookups = useLookups((s) => s.load);
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, 250);
  const [importOpen, setImportOpen] = useState(false);

  useEffect(() => {
    void loadLookups();
  }, [loadLookups]);
  useEffect(() => {
    // Each visit shows fresh data (other programs may change recipients through the API).
    useRecipientList.getState().reload();
  }, []);
  useEffect(() => {
    // A changed search: a new generation of pages.
    if (debounced !== useRecipientList.getState().q) setFilter({ q: debounced });
  }, [debounced, setFilter]);
  useHotkeys([['mod+N', () => navigate('/recipients/new')]]);

  const labelOptions = [
    { value: 'all', label: t('recipients.filter.allLabels') },
    { value: '-1', label: t('recipients.filter.noLabel') },
    ...labels.map((l) => ({ value: String(l.number), label: `${l.name} (${l.recipients})` })),
  ];

  return (
    <Stack gap="sm" h="calc(100vh - 52px - 2 * var(--mantine-spacing-md))">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('recipients.title')}</Title>
          <Text size="sm" c="dimmed" data-testid="recipients-total">
            {total === null ? t('common.loading') : t('recipients.total', { count: total, formatted: formatNumber(total) })}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => setImportOpen(true)} data-testid="csv-import-open">
            {t('recipients.import.button')}
          </Button>
          <Button onClick={() => navigate('/recipients/new')} title="Ctrl+N" data-testid="recipient-new">
            {t('recipients.new')}
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder={t('recipients.searchPlaceholder')}
          aria-label={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={440}
          data-testid="recipient-search"
        />
        <Select
          aria-label={t('recipients.filter.label')}
          data={labelOptions}
          value={labelNumber === null ? 'all' : String(labelNumber)}
          onChange={(v) => setFilter({ labelNumber: !v || v === 'all' ? null : Number(v) })}
          allowDeselect={false}
          w={240}
          data-testid="recipient-label-filter"
        />
      </Group>
      {error && (
        <Alert color="red" title={t('common.error')}>
          {error}
        </Alert>
      )}
      <RecipientTable onOpen={(r) => navigate(`/recipients/${r.number}`)} />
      <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </Stack>
  );
}
