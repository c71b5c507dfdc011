import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { OPS } from '../documents/doc-ops';

/** Write an invoice's open balance off as lost, with a reason (it can be undone later); says how much. */
export function LostDialog({ invoice, amount, opened, onClose, onDone }: { invoice: number; amount: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(undefined);
    }
  }, [opened]);

  async function submit() {
    if (!reason.trim()) return setError(t('docs.err.required'));
    setBusy(true);
    try {
      await call(OPS.invoices.markLost, { params: { number: invoice }, body: { reason: reason.trim() } });
      notifyOk(t('inv.lost.done'));
      onDone();
      onClose();
    } catch (e) {
      const f = fieldErrors(e);
      setError(f.reason);
      if (!f.reason) notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('inv.lost.title', { number: invoice })} centered>
      <Stack>
        <Text size="sm" fw={600} data-testid="lost-amount">
          {t('inv.lost.amount', { amount })}
        </Text>
        <Text size="sm">{t('inv.lost.text')}</Text>
        <Textarea label={t('inv.lost.reason')} value={reason} maxLength={255} autosize minRows={2} error={error} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus data-testid="lost-reason" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="dark" loading={busy} onClick={() => void submit()} data-testid="lost-submit">
            {t('inv.lost.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
