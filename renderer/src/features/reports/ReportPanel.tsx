import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { todayIso } from '../../shared/money';
import { ColumnPicker } from './ColumnPicker';
import { presetRange } from './presets';
import { ReportDownloads } from './ReportDownloads';
import { ReportParams } from './ReportParams';
import { ReportPreview } from './ReportPreview';
import { preview, type Preview, type ReportInfo, type Values } from './reports-api';

/** Starting values: this month for period reports, today for balances, 30/60/90 days for the aged balance. */
function initialValues(report: ReportInfo): Values {
  const month = presetRange('thisMonth', todayIso());
  const v: Values = {};
  if (report.params.includes('from')) {
    v.from = month.from;
    if (report.params.includes('to')) v.to = month.to;
  } else if (report.params.includes('to')) v.to = todayIso();
  if (report.params.includes('intervals')) v.intervals = '30,60,90';
  return v;
}

/** One report: its parameters, columns, a JSON preview, downloads and e-mail. Service errors go next to their field. */
export function ReportPanel({ report }: { report: ReportInfo }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Values>(() => initialValues(report));
  const [columns, setColumns] = useState<string[]>(() => report.columns.filter((c) => c.preselected || report.fixedColumns).map((c) => c.key));
  const [data, setData] = useState<Preview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const canPreview = report.formats.includes('JSON');

  const showError = (e: unknown) => {
    if (e instanceof ApiError && e.fields.length) {
      setErrors(Object.fromEntries(e.fields.map((f) => [f.field, f.message])));
      const other = e.fields.filter((f) => f.field === 'columns' || f.field === 'format');
      setGeneral(other.length ? other.map((f) => f.message).join('; ') : null);
    } else setGeneral((e as Error).message);
  };
  const change = (v: Values) => {
    setValues(v);
    setErrors({});
    setGeneral(null);
  };

  const runPreview = async () => {
    setLoading(true);
    setErrors({});
    setGeneral(null);
    try {
      setData(await preview(report, values, columns, i18n.language));
    } catch (e) {
      setData(null);
      showError(e);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="report-panel">
      <Stack gap="md">
        <Title order={3}>{report.title}</Title>
        {report.params.length > 0 || report.resource.includes('{number}') ? <ReportParams report={report} values={values} onChange={change} errors={errors} /> : null}
        {report.fixedColumns ? <Text size="sm" c="dimmed">{t('rep.columnsFixed')}</Text> : <ColumnPicker report={report} value={columns} onChange={setColumns} />}
        {general && (
          <Alert color="red" data-testid="report-error">
            {general}
          </Alert>
        )}
        <Divider />
        <ReportDownloads report={report} values={values} columns={columns} onError={showError} />
        <Divider />
        <Group justify="space-between">
          <Text fw={600}>{t('rep.previewTitle')}</Text>
          {canPreview && (
            <Button size="sm" onClick={runPreview} loading={loading} data-testid="report-preview-run">
              {t('rep.preview')}
            </Button>
          )}
        </Group>
        {!canPreview && <Text c="dimmed">{t('rep.noPreview')}</Text>}
        {data && <ReportPreview data={data} />}
      </Stack>
    </Paper>
  );
}
