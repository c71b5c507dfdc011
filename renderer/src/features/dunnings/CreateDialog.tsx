import { Alert, Button, Group, Modal, Radio, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { notifyOk } from '../../shared/errors';
import { Fact } from '../../shared/DetailParts';
import { formatMoney } from '../../shared/money';
import { DUN_OPS, type Candidate } from './dunning.types';
import { useDunningsRefresh } from './dunnings.store';

type Send = 'none' | 'paper' | 'email';

/** The preview of the selected reminders (count, fees, interest) and the choice of shipment; creates them one by one. */
export function CreateDialog({ opened, candidates, notice, onClose, onDone }: { opened: boolean; candidates: Candidate[]; notice: boolean; onClose(): void; onDone(made: number[]): void }) {
  const { t } = useTranslation();
  const bump = useDunningsRefresh((s) => s.bump);
  const [send, setSend] = useState<Send>('paper');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string[]>([]);
  const charges = candidates.reduce((sum, c) => sum + c.dunningFee + (c.interest ?? 0), 0);
  const withFee = candidates.filter((c) => c.dunningFee > 0).length;
  const withInterest = candidates.filter((c) => (c.interest ?? 0) > 0).length;

  async function create() {
    setBusy(true);
    const made: number[] = [];
    const errors: string[] = [];
    for (const c of candidates) {
      const shipment = send === 'none' ? undefined : send === 'email' && c.recipient.email ? { email: [{ address: c.recipient.email }] } : { paper: {} };
      try {
        await call(DUN_OPS.create, { body: { invoiceNumber: c.invoiceNumber, debtCollectionNotice: notice, interest: !c.interestProblem, ...(shipment ? { shipment } : {}) } });
        made.push(c.invoiceNumber);
      } catch (e) {
        const message = e instanceof ApiError && e.fields.length ? e.fields.map((f) => f.message).join('; ') : e instanceof Error ? e.message : String(e);
        errors.push(t('dun.preview.failed', { invoice: c.invoiceNumber, message }));
      }
    }
    setBusy(false);
    setFailed(errors);
    if (made.length) notifyOk(t('dun.preview.done', { count: made.length, context: notice ? 'notice' : undefined }));
    bump();
    if (!errors.length) onDone(made);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('dun.preview.title', { count: candidates.length, context: notice ? 'notice' : undefined })}</Text>} size="lg" centered>
      <Stack gap="md" data-testid="create-preview">
        <Text size="sm">{t('dun.preview.text')}</Text>
        <SimpleGrid cols={3}>
          <Fact label={t('dun.preview.withFee')} value={`${withFee} / ${candidates.length}`} testId="preview-with-fee" />
          <Fact label={t('dun.preview.interest')} value={`${withInterest} / ${candidates.length}`} />
          <Fact label={t('dun.preview.sum')} value={formatMoney(charges)} testId="preview-charges" />
        </SimpleGrid>
        <ScrollArea.Autosize mah={220}>
          <Table fz="sm" striped data-testid="preview-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dun.col.invoice')}</Table.Th>
                <Table.Th>{t('dun.col.customer')}</Table.Th>
                <Table.Th ta="right">{t('dun.col.fee')}</Table.Th>
                <Table.Th ta="right">{t('dun.col.interest')}</Table.Th>
                <Table.Th ta="right">{t('dun.col.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {candidates.map((c) => (
                <Table.Tr key={c.invoiceNumber}>
                  <Table.Td>{c.invoiceNumber}</Table.Td>
                  <Table.Td>{c.recipient.name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(c.dunningFee)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(c.interest ?? 0)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(c.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Radio.Group label={t('dun.preview.send')} value={send} onChange={(v) => setSend(v as Send)}>
          <Group mt="xs">
            <Radio value="none" label={t('dun.preview.sendNone')} data-testid="send-none" />
            <Radio value="paper" label={t('dun.preview.sendPaper')} data-testid="send-paper" />
            <Radio value="email" label={t('dun.preview.sendEmail')} data-testid="send-email" />
          </Group>
        </Radio.Group>
        {failed.length ? (
          <Alert color="red" variant="light" data-testid="create-failed">
            {failed.map((f) => (
              <Text key={f} size="sm">{f}</Text>
            ))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void create()} loading={busy} disabled={!candidates.length} data-testid="confirm-create">
            {t('dun.preview.confirm', { count: candidates.length, context: notice ? 'notice' : undefined })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
