import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { leave, useUnsaved } from '../shared/unsaved.store';

/** "Du har endringer som ikke er lagret": Lagre (then leave), Forkast (leave), Avbryt (stay). */
export function UnsavedDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useUnsaved((s) => s.pending);
  const [saving, setSaving] = useState(false);

  const go = () => {
    const to = useUnsaved.getState().pending;
    useUnsaved.setState({ pending: null, dirty: false, owner: null, save: null });
    if (to) leave(to, navigate);
  };

  async function saveThenGo() {
    const save = useUnsaved.getState().save;
    setSaving(true);
    try {
      // Not saved (e.g. a field the service refused): stay, so the marked fields can be corrected.
      if (save && !(await save())) return useUnsaved.getState().cancel();
      go();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={pending !== null} onClose={() => useUnsaved.getState().cancel()} title={<Text fw={700}>{t('unsaved.title')}</Text>} centered data-testid="unsaved-dialog">
      <Text size="sm">{t('unsaved.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => useUnsaved.getState().cancel()} disabled={saving} data-testid="unsaved-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="light" color="red" onClick={go} disabled={saving} data-testid="unsaved-discard">
          {t('unsaved.discard')}
        </Button>
        <Button onClick={() => void saveThenGo()} loading={saving} data-autofocus data-testid="unsaved-save">
          {t('common.save')}
        </Button>
      </Group>
    </Modal>
  );
}
