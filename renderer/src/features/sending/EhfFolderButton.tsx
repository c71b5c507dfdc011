import { Button, CopyButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { notifyError } from '../../shared/errors';

/** `<data folder>/outbox/ehf` written with the data folder's own separator (the server's platform, not the browser's). */
export function ehfFolderPath(dataFolder: string): string {
  const sep = dataFolder.includes('\\') && !dataFolder.includes('/') ? '\\' : '/';
  return [dataFolder.replace(/[\\/]+$/, ''), 'outbox', 'ehf'].join(sep);
}

/**
 * Beside a shipment that is "Klar i EHF-mappen": in the desktop app it opens the folder in the file manager (the main
 * process opens the data folder's outbox/ehf; main/ipc-ehf-folder.ts); in a browser, which cannot open folders, it shows
 * the folder's path with a copy button.
 */
export function EhfFolderButton() {
  const { t } = useTranslation();
  const [path, setPath] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const open = window.api?.openEhfFolder;

  if (open) {
    const openFolder = async () => {
      const r = await open();
      if (!r.ok) notifyError(new Error(t('outbox.ehfFolder.notOpened', { reason: r.error.message })));
    };
    return (
      <Button size="compact-xs" variant="light" color="cyan" onClick={() => void openFolder()} data-testid="outbox-ehf-folder">
        {t('outbox.ehfFolder.open')}
      </Button>
    );
  }

  async function show() {
    setOpened((o) => !o);
    if (path) return;
    try {
      const info = await call('common.info');
      setPath(info.dataFolder ? ehfFolderPath(info.dataFolder) : '');
    } catch (e) {
      notifyError(e);
    }
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={420} withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-xs" variant="light" color="cyan" onClick={() => void show()} data-testid="outbox-ehf-folder">
          {t('outbox.ehfFolder.show')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="outbox-ehf-folder-path">
        <Stack gap="xs">
          <Text size="sm">{path === '' ? t('outbox.ehfFolder.noFolder') : t('outbox.ehfFolder.browserHint')}</Text>
          {path ? (
            <Group gap="xs" wrap="nowrap">
              <TextInput value={path} readOnly size="xs" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} aria-label={t('outbox.ehfFolder.path')} data-testid="outbox-ehf-folder-input" />
              <CopyButton value={path}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : 'blue'} onClick={copy} data-testid="outbox-ehf-folder-copy">
                    {copied ? t('outbox.ehfFolder.copied') : t('outbox.ehfFolder.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
