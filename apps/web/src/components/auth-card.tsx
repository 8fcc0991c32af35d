import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/** Card of the signed-out pages: a title, an optional subtitle and the form. */
export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}

export function AuthCard({ title, subtitle, children, maxWidth = 440 }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Paper withBorder shadow="sm" p="xl" w="100%" maw={maxWidth} mx="auto">
      <Stack gap={4} mb="lg">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}
