import { Alert, Anchor, Button, Checkbox, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { OutputOf } from '../../api/op-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call, type Page } from '../../api/client';
import { feeRefusedText } from '../../i18n/error-messages';
import { notifyError } from '../../shared/errors';
import { Amount } from '../../shared/ListParts';
import { formatDate } from '../../shared/money';
import { formatMoney } from '../../shared/format';
import { PagedVirtualTable, type Column } from '../../shared/PagedVirtualTable';
import { CreateDialog } from './CreateDialog';
import { DUN_OPS, type Candidate } from './dunning.types';
import { useDunningsRefresh } from './dunnings.store';

/** Due invoices whose deadline has passed, with what a reminder would add today; click rows to select, then create. */
export function CandidateList() {
  const { t, i18n } = useTranslation();
  const version = useDunningsRefresh((s) => s.version);
  const [notice, setNotice] = useState(false);
  const [selected, setSelected] = useState(new Map<number, Candidate>());
  const [preview, setPreview] = useState(false);
  // How many candidates the list holds (null while loading): nothing to select while it is empty.
  const [total, setTotal] = useState<number | null>(null);
  const key = JSON.stringify({ notice, version });
  // Today past the half-year the rate table covers: say so instead of charging the last rate silently.
  const [rateWarning, setRateWarning] = useState<OutputOf<'dunnings.interestRateStatus'>['warning']>(null);
  useEffect(() => {
    call(DUN_OPS.rateStatus, {}).then((s) => setRateWarning(s.warning), () => setRateWarning(null));
  }, [version]);
  const fetchPage = useCallback(
    (page: number, perPage: number) =>
      call(DUN_OPS.candidates, { query: { page, perPage, ...(notice ? { debtCollectionNotice: true } : {}) } }).then((res) => {
        setTotal(res.total);
        return res;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const toggle = (c: Candidate) =>
    setSelected((m) => {
      const next = new Map(m);
      if (next.has(c.invoiceNumber)) next.delete(c.invoiceNumber);
      else next.set(c.invoiceNumber, c);
      return next;
    });
  async function selectPage() {
    try {
      const page = await fetchPage(1, 500);
      setSelected((m) => new Map([...m, ...page.items.map((c) => [c.invoiceNumber, c] as const)]));
    } catch (e) {
      notifyError(e);
    }
  }
  const money = (v: number | null, c: Candidate) => <Amount value={v} currency={c.currency} />;
  // Sized to fit a 1024x700 window beside the compact menu (minimums + 8 px gaps: 904 px of 926), EUR amounts included.
  const columns: Column<Candidate>[] = [
    {
      key: 'pick',
      header: '',
      width: '28px',
      render: (c) => <Checkbox checked={selected.has(c.invoiceNumber)} readOnly aria-label={String(c.invoiceNumber)} style={{ pointerEvents: 'none' }} />,
    },
    {
      key: 'invoice',
      header: t('dun.col.invoice'),
      width: '70px',
      render: (c) => (
        <Anchor component={Link} to={`/invoices/${c.invoiceNumber}`} size="sm" fw={600} onClick={(e) => e.stopPropagation()}>
          {c.invoiceNumber}
        </Anchor>
      ),
    },
    { key: 'customer', header: t('dun.col.customer'), width: 'minmax(100px, 2fr)', render: (c) => <Text size="sm" truncate>{c.recipient.name}</Text> },
    { key: 'due', header: t('dun.col.due'), width: '90px', render: (c) => <Text size="sm">{formatDate(c.dueDate)}</Text> },
    { key: 'overdue', header: t('dun.col.overdue'), width: '50px', align: 'right', render: (c) => <Text size="sm">{c.daysOverdue}</Text> },
    {
      key: 'previous',
      header: t('dun.col.previous'),
      width: 'minmax(75px, 1fr)',
      render: (c) => <Text size="xs" c="dimmed" truncate>{c.lastDunning ? t('dun.previous', { count: c.dunnings, date: formatDate(c.lastDunning.dunningDate) }) : ''}</Text>,
    },
    { key: 'balance', header: t('dun.col.balance'), width: '115px', align: 'right', render: (c) => money(c.balance, c) },
    {
      key: 'fee',
      header: t('dun.col.fee'),
      width: '60px',
      align: 'right',
      render: (c) =>
        c.feeRefusedReason ? (
          <Tooltip label={t('dun.noFee', { reason: feeRefusedText(c, i18n.language) })} multiline w={300}>
            <Text size="sm" c="dimmed" style={{ textDecoration: 'underline dotted', cursor: 'help' }} data-testid="fee-refused">
              {formatMoney(0)}
            </Text>
          </Tooltip>
        ) : (
          money(c.dunningFee, c)
        ),
    },
    {
      key: 'interest',
      header: t('dun.col.interest'),
      width: '100px',
      align: 'right',
      render: (c) => (c.interestProblem ? <Text size="xs" c="orange">{t('dun.noRate')}</Text> : money(c.interest, c)),
    },
    { key: 'total', header: t('dun.col.total'), width: '120px', align: 'right', render: (c) => <Text fw={600} size="sm">{money(c.total, c)}</Text> },
  ];
  return (
    <Stack gap="sm">
      {rateWarning ? (
        <Alert color="orange" data-testid="interest-rate-warning">
          {t('errors.INTEREST_RATE_UNKNOWN', { ...rateWarning.params, from: formatDate(rateWarning.params.from), since: formatDate(rateWarning.params.since), rate: rateWarning.params.rate.replace('.', ',') })}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Group gap="sm">
          <Switch label={t('dun.asNotice')} checked={notice} onChange={(e) => setNotice(e.currentTarget.checked)} data-testid="as-notice" />
          <Button variant="subtle" size="compact-sm" disabled={!total} onClick={() => void selectPage()} data-testid="select-page">
            {t('dun.selectAll')}
          </Button>
          {selected.size ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Map())}>
              {t('dun.clear')}
            </Button>
          ) : null}
        </Group>
        <Button disabled={!selected.size} onClick={() => setPreview(true)} data-testid="create-dunnings">
          {t('dun.create', { count: selected.size, context: notice ? 'notice' : undefined })}
        </Button>
      </Group>
      <PagedVirtualTable queryKey={key} columns={columns} fetchPage={fetchPage} rowKey={(c) => c.invoiceNumber} onOpen={toggle} empty={t('dun.empty.candidates')} testId="candidates-table" gap={8} />
      <CreateDialog
        opened={preview}
        candidates={[...selected.values()]}
        notice={notice}
        onClose={() => setPreview(false)}
        onDone={(made) => {
          setSelected((m) => new Map([...m].filter(([n]) => !made.includes(n))));
          setPreview(false);
        }}
      />
    </Stack>
  );
}
