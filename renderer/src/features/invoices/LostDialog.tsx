import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyOk } from '../../shared/errors';
import { useDialogSubmit } from '../../shared/use-dialog-submit';
import { OPS } from '../documents/doc-ops';

/** Write an invoice's open balance off as lost, with a reason (it can be undone later); says how much. */
export function LostDialog({ invoice, amount, opened, onClose, onDone }: { invoice: number; amount: string; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { busy, errors, setErrors, submit: send } = useDialogSubmit(['reason']);
  useEffect(() => {
    if (opened) {
      setReason('');
      setErrors({});
    }
  }, [opened, setErrors]);

  async function submit() {
    if (!reason.trim()) return setErrors({ reason: t('docs.err.required') });
    await send(async () => {
      await call(OPS.invoices.markLost, { params: { number: invoice }, body: { reason: reason.trim() } });
      notifyOk(t('inv.lost.done'));
      onDone();
      onClose();
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('inv.lost.title', { number: invoice })} centered>
      <Stack>
        <Text size="sm" fw={600} data-testid="lost-amount">
          {t('inv.lost.amount', { amount })}
        </Text>
        <Text size="sm">{t('inv.lost.text')}</Text>
        <Textarea label={t('inv.lost.reason')} value={reason} maxLength={255} autosize minRows={2} error={errors.reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus data-testid="lost-reason" />
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
