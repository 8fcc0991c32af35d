import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from './state-views';
import { usePageTitle } from './use-page-title';

interface Props {
  title: string;
  subtitle: string;
  /** the pickers (devices, period) in a panel under the title */
  filters: ReactNode;
  /** the device list, when it failed to load, with its own title (the pickers cannot offer devices then) */
  devicesError?: { error: unknown; title: string } | null;
  children: ReactNode;
}

/** A page of a device's data (replay, the data log): title, its pickers in a panel, and what they chose below. */
export function ToolPage({ title, subtitle, filters, devicesError, children }: Props) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {filters}
          {devicesError && <ErrorState error={devicesError.error} title={devicesError.title} />}
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
}
