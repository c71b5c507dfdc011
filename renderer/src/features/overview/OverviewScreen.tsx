import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney, todayIso } from '../../shared/money';
import { monthName as nameOfMonth } from '../../shared/format';
import { fetchCards, fetchOverview, fetchRevenue, type Cards, type InvoiceOverview, type OverviewItem, type Revenue } from './overview-api';
import { useOverviewView } from './overview.store';
import { OverviewGroups } from './OverviewGroups';
import { rangeOf, RevenueChart } from './RevenueChart';

function Card({ label, value, hint, testId, color }: { label: string; value: string; hint: string; testId: string; color?: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={value.length > 15 ? 18 : 26} c={color} style={{ whiteSpace: 'nowrap' }} title={value} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** What a new company sees: what the screen will show, and the three first steps. */
function GettingStarted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="xl" data-testid="overview-empty">
      <Stack gap="sm" maw={640}>
        <Title order={3}>{t('ovr.empty.title')}</Title>
        <Text>{t('ovr.empty.text')}</Text>
        <Button variant="light" w="fit-content" onClick={() => navigate('/settings')}>
          {t('ovr.empty.step1')}
        </Button>
        <Button variant="light" w="fit-content" onClick={() => navigate('/recipients')}>
          {t('ovr.empty.step2')}
        </Button>
        <Button w="fit-content" onClick={() => navigate('/invoices/drafts/new')}>
          {t('ovr.empty.step3')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Oversikt: the four cards, the revenue graph and the document groups. Everything is fetched when the screen opens and
 * again when the window regains focus, so a payment registered elsewhere shows without a reload.
 */
export function OverviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { year, range, set } = useOverviewView();
  const [overview, setOverview] = useState<InvoiceOverview | null>(null);
  const [revenue, setRevenue] = useState<Revenue | null>(null);
  const [cards, setCards] = useState<Cards | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const today = todayIso();

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  useEffect(() => {
    let live = true;
    const fail = (e: Error) => live && setError(e.message);
    fetchOverview(year).then((o) => live && setOverview(o), fail);
    fetchCards(today).then((c) => live && setCards(c), fail);
    return () => {
      live = false;
    };
  }, [year, today, tick]);

  useEffect(() => {
    let live = true;
    fetchRevenue(rangeOf(range, today)).then((r) => live && setRevenue(r), (e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [range, today, tick]);

  const isNew = overview !== null && overview.years.length === 0 && overview.groups.every((g) => g.items.every((i) => i.count === 0));
  const money = (v: number | undefined) => (v === undefined ? '–' : `${formatMoney(v)} kr`);
  const monthName = nameOfMonth(Number(today.slice(5, 7)) - 1);
  const open = (item: OverviewItem) => navigate(`/overview/list?link=${encodeURIComponent(item._links.self.uri)}&title=${encodeURIComponent(item.description)}`);

  return (
    <Stack gap="md" data-testid="overview-screen">
      <Group justify="space-between">
        <Title order={2}>{t('ovr.title')}</Title>
        <Button variant="subtle" size="xs" onClick={refresh} data-testid="overview-refresh">
          {t('ovr.refresh')}
        </Button>
      </Group>
      {error ? <Alert color="red">{t('ovr.error', { message: error })}</Alert> : null}
      {isNew ? <GettingStarted /> : null}
      <SimpleGrid cols={{ base: 2, lg: 4 }}>
        <Card label={t('ovr.card.outstanding')} value={money(cards?.outstanding)} hint={t('ovr.card.outstandingHint')} testId="card-outstanding" />
        <Card
          label={t('ovr.card.overdue')}
          value={money(cards?.overdue)}
          hint={t('ovr.card.overdueCount', { count: cards?.overdueCount ?? 0, n: formatMoney(cards?.overdueCount ?? 0, 0) })}
          testId="card-overdue"
          color={cards && cards.overdueCount > 0 ? 'red.7' : undefined}
        />
        <Card label={t('ovr.card.paidMonth')} value={money(cards?.paidThisMonth)} hint={t('ovr.card.paidMonthHint', { month: monthName })} testId="card-paid" />
        <Card label={t('ovr.card.balance')} value={money(cards?.balance)} hint={t('ovr.card.balanceHint')} testId="card-balance" />
      </SimpleGrid>
      {isNew ? null : (
        <>
          <RevenueChart data={revenue} range={range} onRange={(r) => set({ range: r })} />
          <OverviewGroups data={overview} year={year} onYear={(y) => set({ year: y })} onOpen={open} />
        </>
      )}
    </Stack>
  );
}
