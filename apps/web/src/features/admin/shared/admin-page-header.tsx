import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface AdminPageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons at the end (create, import…). */
  actions?: ReactNode;
  /** A link back to the list above a detail page. */
  back?: { to: string; label: string };
}

/** An admin page's heading: optional back link, title, description and actions. */
export function AdminPageHeader({ title, description, actions, back }: AdminPageHeaderProps) {
  return (
    <Stack gap={4}>
      {back ? (
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
