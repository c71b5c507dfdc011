import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One labelled value on an issued document's page (a dash when empty). */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value || '–'}
      </Text>
    </div>
  );
}

/**
 * The top of an issued document's page: a link back to its list, the title with the state badge, the
 * customer's name (a link to the customer's page when its number is given), and the actions on the right.
 */
export function DocumentHeader({
  back,
  backLabel,
  title,
  badge,
  customer,
  customerNumber,
  children,
}: {
  back: string;
  backLabel: string;
  title: string;
  badge: ReactNode;
  customer: string;
  customerNumber?: number | null;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Anchor component={Link} to={back} size="sm">
          ← {backLabel}
        </Anchor>
        <Group gap="sm" mt={4}>
          <Title order={2}>{title}</Title>
          {badge}
        </Group>
        {customerNumber ? (
          <Anchor component={Link} to={`/recipients/${customerNumber}`} c="dimmed" data-testid="customer-link">
            {customer}
          </Anchor>
        ) : (
          <Text c="dimmed">{customer}</Text>
        )}
      </div>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** The facts of an issued document (dates, references ...) four to a row, with the document's text below. */
export function DocumentFacts({ text, children }: { text?: string | null; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={4} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
      {text ? (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * A detail page that could not be shown (the document or customer does not exist, or loading failed): the message
 * and a way back to its list, so the user is not left on a dead end.
 */
export function LoadFailed({ title, message, back, backLabel }: { title: string; message: ReactNode; back: string; backLabel: string }) {
  return (
    <Stack gap="sm" maw={600} data-testid="load-failed">
      <Alert color="red" title={title}>
        {message}
      </Alert>
      <Group>
        <Button component={Link} to={back} variant="default" data-testid="back-to-list">
          ← {backLabel}
        </Button>
      </Group>
    </Stack>
  );
}
