import { Anchor, Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import type { User } from '@waymark/contracts/user';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
        {label}
      </Text>
      {children}
    </Card>
  );
}

/** Key facts of the signed-in account: email, member since, two-factor state, permissions. */
export function AccountSummary({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const created = new Date(user.createdAt);
  const memberSince = Number.isNaN(created.getTime())
    ? '—'
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(created);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      <Tile label={t('home.email')}>
        <Text fw={600} truncate title={user.email}>
          {user.email}
        </Text>
      </Tile>
      <Tile label={t('home.memberSince')}>
        <Text fw={600}>{memberSince}</Text>
      </Tile>
      <Tile label={t('home.twoFactor')}>
        <Group gap="sm">
          <Badge color={user.totpEnabled ? 'success' : 'gray'} variant="light">
            {user.totpEnabled ? t('home.twoFactorOn') : t('home.twoFactorOff')}
          </Badge>
          {user.totpEnabled ? null : (
            <Anchor component={Link} to="/admin/totp/setup" size="sm">
              {t('home.setUp')}
            </Anchor>
          )}
        </Group>
      </Tile>
      <Tile label={t('home.permissions')}>
        <Text fw={600}>{user.permissions.length}</Text>
      </Tile>
    </SimpleGrid>
  );
}
