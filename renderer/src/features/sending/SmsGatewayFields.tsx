import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';
import { fieldErrors } from '../../shared/errors';

type TestSms = OutputOf<'sending.testSms'>;

/**
 * The SMS service's address and a test SMS, one set of fields for Innstillinger → E-post and Kom i gang → SMS. The
 * test saves first (`saveFirst`, false: not saved, nothing sent), then sends one SMS through the gateway and shows
 * its answer, or in Norwegian why it did not go.
 */
export function SmsGatewayFields({ url, onUrl, error, saveFirst }: { url: string; onUrl(url: string): void; error?: string; saveFirst(): Promise<boolean> }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [result, setResult] = useState<TestSms | null>(null);
  const [testing, setTesting] = useState(false);

  async function sendTest() {
    setResult(null);
    setToError(null);
    if (!(await saveFirst())) return;
    setTesting(true);
    try {
      setResult(await call('sending.testSms', { body: { to } }));
    } catch (e) {
      const fields = fieldErrors(e);
      if (e instanceof ApiError && fields.to) setToError(fields.to);
      else setToError(e instanceof ApiError && e.fields.length ? e.fields.map((f) => f.message).join('; ') : e instanceof Error ? e.message : String(e));
    } finally {
      setTesting(false);
    }
  }

  const failure = result && !result.delivered ? (result.code ? t(`errors.${result.code}`, result.params ?? {}) : result.response) : null;
  return (
    <Stack gap="xs" data-testid="sms-gateway">
      <TextInput label={t('mail.sms')} description={t('mail.smsHint')} placeholder="https://" value={url} onChange={(e) => onUrl(e.currentTarget.value)} error={error} data-testid="field-sending.smsGatewayUrl" />
      <Group align="flex-start">
        <TextInput label={t('mail.smsTestTo')} placeholder="912 34 567" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={toError} w={220} data-testid="test-sms-to" />
        <Button variant="default" mt={25} onClick={() => void sendTest()} loading={testing} disabled={!to.trim()} data-testid="send-test-sms">
          {t('mail.smsTest')}
        </Button>
      </Group>
      {result ? (
        <Alert color={result.delivered ? 'teal' : 'red'} title={result.delivered ? t('mail.smsTestOk') : t('mail.smsTestFailed')} data-testid="test-sms-result">
          {result.to}: {result.delivered ? result.response : failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
