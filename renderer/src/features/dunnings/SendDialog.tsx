import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { DUN_OPS } from './dunning.types';

/** Send (again): paper to the customer's address and/or e-mail (spec 4.4); the service's field errors sit under the inputs. */
export function SendDialog({ number, title, email, notice, opened, onClose, onSent }: { number: number; title: string; email: string | null; notice: boolean; opened: boolean; onClose(): void; onSent(): void }) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState(true);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setPaper(!email);
    setAddress(email ?? '');
    setMessage('');
    setErrors({});
  }, [opened, email]);

  async function send() {
    setBusy(true);
    const body: Record<string, unknown> = {};
    if (paper) body.paper = {};
    if (address.trim()) body.email = [{ address: address.trim(), ...(message.trim() ? { htmlContent: message.trim() } : {}) }];
    try {
      await call(DUN_OPS.send, { params: { number }, body });
      notifyOk(t('dun.send.done'));
      onSent();
      onClose();
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const methodError = errors.paper ?? errors.email;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('dun.send.title', { what: title })}</Text>} centered>
      <Stack gap="sm" data-testid="send-dialog">
        <Checkbox label={t('dun.send.paper')} checked={paper} onChange={(e) => setPaper(e.currentTarget.checked)} data-testid="send-paper-box" />
        <TextInput label={t('dun.send.email')} value={address} onChange={(e) => setAddress(e.currentTarget.value)} data-testid="send-email-address" {...errorProps(errors, 'email[0].address')} />
        <TextInput label={t('dun.send.message')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} {...errorProps(errors, 'email[0].htmlContent')} />
        {methodError ? (
          <Alert color="red" variant="light" data-testid="send-method-error">
            {methodError}
          </Alert>
        ) : null}
        {notice ? <Text size="xs" c="dimmed">{t('dun.send.noEhf')}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={busy} data-testid="send-submit">
            {t('dun.send.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
