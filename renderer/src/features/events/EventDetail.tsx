import { Anchor, Badge, Button, Code, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { DocumentFacts, Fact, LoadFailed } from '../../shared/DetailParts';
import { formatMoney } from '../../shared/money';
import { EVENT_OPS, signupUrl, type EventRead, type Participant } from './event-form.model';
import { seatsLeft, when } from './EventList';
import { ParticipantsTable } from './ParticipantsTable';
import { QrCode } from './QrCode';

const STATUSES = ['all', 'pending', 'registered', 'paid', 'cancelled'] as const;

/** One event: its facts, seats left, the public signup link, and the participants with their status and invoices. */
export function EventDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const number = Number(useParams().number);
  const [ev, setEv] = useState<EventRead | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [version, setVersion] = useState(0);
  const [apiPort, setApiPort] = useState<number | null>(null);
  const [publicBase, setPublicBase] = useState<string | null>(null);

  useEffect(() => {
    call(EVENT_OPS.get, { params: { number } })
      .then(setEv)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [number, version]);
  useEffect(() => {
    call('settings.get').then((s) => setApiPort(s.api.port)).catch(() => setApiPort(null));
    call('events.publicAddress').then((a) => setPublicBase(a.url)).catch(() => setPublicBase(null));
  }, []);
  const fetchPage = useCallback(
    (page: number, perPage: number) => call(EVENT_OPS.participants, { params: { number }, query: { status: status === 'all' ? undefined : status, page, perPage } }),
    [number, status],
  );

  if (error && !ev) return <LoadFailed title={t('common.error')} message={error} back="/events" backLabel={t('evt.title')} />;
  if (!ev) return <Loader />;
  const s = ev._stats.participant;
  const left = seatsLeft(ev);
  const url = publicBase ? `${publicBase}/events/${ev.id}` : signupUrl(ev.id, apiPort);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={Link} to="/events" size="sm">← {t('evt.title')}</Anchor>
          <Title order={2} mt={4}>{ev.name}</Title>
          <Text c="dimmed">{when(ev.date)}{ev.endDate ? ` – ${when(ev.endDate)}` : ''} · {[ev.location.name, ev.location.city].filter(Boolean).join(', ')}</Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={url} target="_blank" rel="noopener" variant="light" data-testid="open-signup">{t('evt.openSignup')}</Button>
          <Button onClick={() => navigate(`/events/${number}/edit`)} data-testid="edit-event">{t('evt.edit')}</Button>
        </Group>
      </Group>
      <DocumentFacts text={ev.description}>
        <Fact label={t('evt.price')} value={`${formatMoney(ev.price)} (${ev.taxRate} %)`} />
        <Fact label={t('evt.deadline')} value={ev.registrationDeadline ? when(ev.registrationDeadline) : ''} />
        <Fact label={t('evt.seatsLeft')} value={left === null ? t('evt.unlimited') : `${left} / ${ev.participantLimit}`} testId="seats-left" />
        <Fact label={t('evt.section.contact')} value={ev.contactPerson.name} />
      </DocumentFacts>
      <Paper withBorder p="sm">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <QrCode text={url} alt={t('evt.qrAlt')} />
          <Stack gap={4}>
            <Text size="sm" fw={600}>{t('evt.publicLink')}</Text>
            <Code data-testid="public-link">{url}</Code>
            <Text size="xs" c="dimmed" data-testid="public-hint">{t(publicBase ? 'evt.publicReachable' : 'evt.publicHint')}</Text>
          </Stack>
        </Group>
      </Paper>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>{t('evt.participants')}</Title>
          <Badge color="yellow" variant="light" data-testid="stat-pending">{t('evt.stats.pending')}: {s.pending}</Badge>
          <Badge color="blue" variant="light" data-testid="stat-registered">{t('evt.stats.registered')}: {s.registered}</Badge>
          <Badge color="teal" variant="light" data-testid="stat-paid">{t('evt.stats.paid')}: {s.paid}</Badge>
        </Group>
        <SegmentedControl size="xs" value={status} onChange={(v) => setStatus(v as typeof status)} data={STATUSES.map((x) => ({ value: x, label: t(`evt.status.${x}`) }))} />
      </Group>
      <ParticipantsTable key={`${status}|${version}`} fetchPage={fetchPage} eventNumber={number} onChanged={() => setVersion((v) => v + 1)} />
    </Stack>
  );
}
