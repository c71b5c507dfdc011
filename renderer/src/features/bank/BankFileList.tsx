import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notifyError } from '../../shared/errors';
import { formatDateTime, formatMoney, formatNumber } from '../../shared/format';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { getFile, listFiles, type BankFile } from './bank-api';
import { useBank } from './bank.store';
import { ImportSummary } from './ImportPanel';
import { TransactionList } from './TransactionList';

const FORMAT_LABEL: Record<string, string> = { OCR: 'OCR', CAMT054: 'camt.054', CAMT053: 'camt.053' };

/** The bank files imported, newest first; one opens with its transactions. */
export function BankFileList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = useBank((s) => s.version);
  const fetchPage = useCallback((page: number, perPage: number) => listFiles(page, perPage), []);
  const n = (v: number) => <Text size="sm">{formatNumber(v)}</Text>;
  const columns: Column<BankFile>[] = [
    { key: 'at', header: t('bank.files.importedAt'), width: '130px', render: (f) => <Text size="sm">{formatDateTime(f.importedAt)}</Text> },
    { key: 'name', header: t('bank.files.name'), width: 'minmax(140px, 3fr)', render: (f) => <Text size="sm" fw={600} truncate>{f.fileName}</Text> },
    { key: 'format', header: t('bank.files.format'), width: '80px', render: (f) => <Badge size="sm" variant="light">{FORMAT_LABEL[f.format] ?? f.format}</Badge> },
    { key: 'tx', header: t('bank.summary.transactions'), width: '125px', align: 'right', render: (f) => n(f.transactions) },
    { key: 'matched', header: t('bank.summary.matched'), width: '90px', align: 'right', render: (f) => n(f.matched) },
    { key: 'unmatched', header: t('bank.summary.unmatched'), width: '115px', align: 'right', render: (f) => <Text size="sm" c={f.unmatched ? 'orange.8' : undefined}>{formatNumber(f.unmatched)}</Text> },
    { key: 'dup', header: t('bank.summary.duplicates'), width: '105px', align: 'right', render: (f) => n(f.duplicates) },
    { key: 'amount', header: t('bank.files.amount'), width: '120px', align: 'right', render: (f) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatMoney(f.amount)}</Text> },
  ];
  return (
    <PagedVirtualTable
      columns={columns}
      fetchPage={fetchPage}
      queryKey="files"
      refreshKey={version}
      rowKey={(f) => f.id}
      onOpen={(f) => navigate(`/bank/files/${f.id}`)}
      empty={t('bank.empty.files')}
      testId="bank-files"
      height="calc(100vh - 400px)"
      gap={8}
    />
  );
}

/** One imported file: its summary and every transaction in it, whatever became of each. */
export function BankFileDetail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const version = useBank((s) => s.version);
  const [file, setFile] = useState<BankFile | null>(null);
  useEffect(() => {
    if (!Number.isInteger(id)) return;
    getFile(id).then(setFile, (e) => notifyError(e));
  }, [id, version]);
  return (
    <Stack gap="sm" data-testid="bank-file-detail">
      <Group justify="space-between">
        <Anchor component={Link} to="/bank/tab/files" size="sm">
          ← {t('bank.files.back')}
        </Anchor>
        {file ? (
          <Text size="sm" c="dimmed">
            {t('bank.files.importedAtText', { at: formatDateTime(file.importedAt) })}
          </Text>
        ) : null}
      </Group>
      {file ? <ImportSummary file={file} /> : null}
      <TransactionList fileId={id} />
      <Button variant="subtle" size="compact-sm" component={Link} to="/bank" w="fit-content">
        {t('bank.files.toUnmatched')}
      </Button>
    </Stack>
  );
}
