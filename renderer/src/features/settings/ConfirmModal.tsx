import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A small "are you sure" dialog. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={<Text fw={600}>{props.title}</Text>} centered>
      <Text size="sm">{props.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
        <Button color={props.color ?? 'red'} onClick={props.onConfirm} loading={props.loading} data-testid="confirm-ok">
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
