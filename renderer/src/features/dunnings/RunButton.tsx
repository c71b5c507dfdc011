import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { DUN_OPS } from './dunning.types';
import { useDunningsRefresh } from './dunnings.store';

/**
 * Runs the automatic dunning now (the settings of Settings → Purring). When automatic dunning is off, the button and
 * the answer say so and where to turn it on, beside what this run made.
 */
export function RunButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [autoOn, setAutoOn] = useState<boolean | null>(null);
  const bump = useDunningsRefresh((s) => s.bump);
  useEffect(() => {
    call('settings.get').then((s) => setAutoOn(s.dunning.autoEnabled)).catch(() => setAutoOn(null));
  }, []);
  async function run() {
    setBusy(true);
    try {
      const r = await call(DUN_OPS.run);
      const done = t('dun.runDone', { count: r.created, sent: r.sent });
      if (autoOn === false) {
        notifications.show({ color: 'yellow', title: t('dun.runOffTitle'), message: `${t('dun.runOff')} ${done}.`, autoClose: 12_000, withCloseButton: true, 'data-testid': 'dunning-run-off' } as Parameters<typeof notifications.show>[0]);
      } else notifyOk(done);
      bump();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  const button = (
    <Button variant="default" loading={busy} onClick={() => void run()} data-testid="dunning-run">
      {t('dun.run')}
    </Button>
  );
  return autoOn === false ? (
    <Tooltip label={t('dun.runOff')} multiline w={320} withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
