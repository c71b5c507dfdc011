import { Button, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendDialog } from './SendDialog';
import type { SentType } from './sending.types';

/** The Send action of an issued document's page (Ctrl+Shift+S), with its dialog. */
export function SendButton({ type, number, what, recipientNumber }: { type: SentType; number: number; what: string; recipientNumber: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useHotkeys([['mod+shift+S', () => setOpen(true)]]);
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
