import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { User } from '@waymark/contracts/user';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../lib/initials';
import { useHasPermission } from '../../permissions/use-has-permission';

/** Greeting with the user's name and role badges (platform administrator, administrator, tenant). */
export function DashboardHeader({ user }: { user: User }) {
  const { t } = useTranslation();
  const platformAdmin = useHasPermission(['ADMIN_ACCOUNT']);
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar color="primary" radius="xl" size={56}>
        {initialsOf(user.name || user.email)}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz="h2">
          {t('home.welcome', { name: user.name })}
        </Title>
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            {t('home.signedInAs', { email: user.email })}
          </Text>
          {platformAdmin ? (
            <Badge color="primary" variant="light">
              {t('home.platformAdmin')}
            </Badge>
          ) : user.administrator ? (
            <Badge color="primary" variant="light">
              {t('home.administrator')}
            </Badge>
          ) : null}
          {user.tenantId != null ? (
            <Badge color="secondary" variant="light">
              {t('home.tenant', { id: user.tenantId })}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}
