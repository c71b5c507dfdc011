import { Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { listReports, type Group, type ReportInfo } from './reports-api';
import { ReportPanel } from './ReportPanel';
import { SaftPanel } from '../accounting/SaftPanel';

const GROUPS: Group[] = ['sales', 'ledger', 'customers', 'payments', 'accounting'];

/** Rapporter: the reports grouped (Salg, Reskontro, Kunder, Betalinger) on the left, the chosen one on the right. */
export function ReportsScreen() {
  const { t, i18n } = useTranslation();
  const [reports, setReports] = useState<ReportInfo[]>([]);
  const [search, setSearch] = useSearchParams();
  const chosen = reports.find((r) => r.resource === search.get('r')) ?? null;

  useEffect(() => {
    listReports(i18n.language).then(setReports).catch(() => setReports([]));
  }, [i18n.language]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('rep.title')}</Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs" component="nav" aria-label={t('rep.title')}>
            {GROUPS.map((g) => (
              <Stack key={g} gap={0} mb="xs">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                  {t(`rep.group.${g}`)}
                </Text>
                {reports
                  .filter((r) => r.group === g)
                  .map((r) => (
                    <NavLink
                      key={r.resource}
                      label={r.title}
                      active={chosen?.resource === r.resource}
                      onClick={() => setSearch({ r: r.resource })}
                      data-testid={`report-${r.resource}`}
                    />
                  ))}
                {g === 'accounting' && (
                  <NavLink label={t('acc.saft.title')} active={search.get('r') === 'saft'} onClick={() => setSearch({ r: 'saft' })} data-testid="report-saft" />
                )}
              </Stack>
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {search.get('r') === 'saft' ? <SaftPanel /> : chosen ? <ReportPanel key={chosen.resource} report={chosen} /> : <Text c="dimmed">{t('rep.choose')}</Text>}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
