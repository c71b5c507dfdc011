import { Button, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SendDialog } from './SendDialog';
import type { SentType } from './sending.types';

/** The Send action of an issued document's page (Ctrl+Shift+S, or ?send=1 from the editor), with its dialog. */
export function SendButton({ type, number, what, recipientNumber }: { type: SentType; number: number; what: string; recipientNumber: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useSearchParams();
  useHotkeys([['mod+shift+S', () => setOpen(true)]]);
  // The editor's "Utsted og send" lands here with ?send=1: open the dialog once.
  useEffect(() => {
    if (search.get('send') !== '1') return;
    setOpen(true);
    setSearch((p) => {
      p.delete('send');
      return p;
    }, { replace: true });
  }, [search, setSearch]);
  return (
    <>
      <Tooltip label="Ctrl+Shift+S" openDelay={600}>
        <Button onClick={() => setOpen(true)} data-testid="send-document">
          {t('send.action')}
        </Button>
      </Tooltip>
      <SendDialog type={type} number={number} what={what} recipientNumber={recipientNumber} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
