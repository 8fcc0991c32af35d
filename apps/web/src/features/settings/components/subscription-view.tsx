import { Alert, Badge, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/session-context';
import { useMyRolesQuery } from '../settings.queries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
        {label}
      </Text>
      {children}
    </Card>
  );
}

/**
 * The signed-in account's plan as the API knows it (GET /api/session, GET /api/v2/role/user): tenant, role,
 * limits and expiry. The API has no user-facing subscription call, so nothing else is shown.
 */
export function SubscriptionView() {
  const { t, i18n } = useTranslation('settings');
  const user = useCurrentUser();
  const roles = useMyRolesQuery();
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : t('subscription.never');
  const limit = (value: number) => (value < 0 ? t('subscription.unlimited') : String(value));
  const expired = user.expirationTime !== null && new Date(user.expirationTime).getTime() < Date.now();
  return (
    <>
      <Title order={2} mb="xs">
        {t('subscription.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('subscription.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Fact label={t('subscription.status')}>
          <Badge color={expired || user.disabled ? 'error' : 'success'} variant="light">
            {expired ? t('subscription.expired') : user.disabled ? t('users.disabled') : t('subscription.active')}
          </Badge>
        </Fact>
        <Fact label={t('subscription.expires')}>
          <Text fw={600}>{date(user.expirationTime)}</Text>
        </Fact>
        <Fact label={t('subscription.memberSince')}>
          <Text fw={600}>{date(user.createdAt)}</Text>
        </Fact>
        <Fact label={t('subscription.tenant')}>
          <Text fw={600}>{user.tenantId === null ? t('subscription.platform') : `#${user.tenantId}`}</Text>
        </Fact>
        <Fact label={t('users.deviceLimit')}>
          <Text fw={600}>{limit(user.deviceLimit)}</Text>
        </Fact>
        <Fact label={t('users.userLimit')}>
          <Text fw={600}>{limit(user.userLimit)}</Text>
        </Fact>
        <Fact label={t('subscription.roles')}>
          {roles.isPending ? (
            <Loader size="sm" aria-label={t('loading')} />
          ) : roles.isError ? (
            <Alert color="error" p="xs">
              {t('subscription.rolesFailed')}
            </Alert>
          ) : roles.data.length === 0 ? (
            <Text c="dimmed">{t('subscription.noRoles')}</Text>
          ) : (
            <Group gap={6}>
              {roles.data.map((role) => (
                <Badge key={role.id} variant="light">
                  {role.name}
                </Badge>
              ))}
            </Group>
          )}
        </Fact>
        <Fact label={t('subscription.restrictions')}>
          <Group gap={6}>
            {(['readonly', 'deviceReadonly', 'limitCommands', 'disableReports'] as const)
              .filter((flag) => user[flag])
              .map((flag) => (
                <Badge key={flag} color="warning" variant="light">
                  {t(`users.flags.${flag}`)}
                </Badge>
              ))}
            {!user.readonly && !user.deviceReadonly && !user.limitCommands && !user.disableReports ? (
              <Text c="dimmed">{t('subscription.none')}</Text>
            ) : null}
          </Group>
        </Fact>
      </SimpleGrid>
    </>
  );
}
