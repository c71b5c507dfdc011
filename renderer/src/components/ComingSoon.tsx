import { Stack, Text, Title, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An honest empty state for an area a later release fills: says what will come, offers nothing fake. */
export function ComingSoon({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih={360} gap="sm" data-testid="coming-soon">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <span style={{ fontSize: 26 }}>◷</span>
      </ThemeIcon>
      <Title order={2}>{t(titleKey)}</Title>
      <Text c="dimmed" maw={520} ta="center">
        <strong>{t('coming.title')}.</strong> {t(textKey)}
      </Text>
    </Stack>
  );
}
