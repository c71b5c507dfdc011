import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { DUN_OPS, type RunResult } from './dunning.types';
import { useDunningsRefresh } from './dunnings.store';

/** Runs the automatic dunning now (the settings of Settings → Purring). */
export function RunButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const bump = useDunningsRefresh((s) => s.bump);
  async function run() {
    setBusy(true);
    try {
      const r = await call(DUN_OPS.run);
      notifyOk(t('dun.runDone', { created: r.created, sent: r.sent }));
      bump();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="default" loading={busy} onClick={() => void run()} data-testid="dunning-run">
      {t('dun.run')}
    </Button>
  );
}
