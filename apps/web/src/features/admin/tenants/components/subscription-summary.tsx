import { Group, Paper, Stack, Text } from '@mantine/core';
import type { Tenant } from '@waymark/contracts/tenant';
import { useTranslation } from 'react-i18next';

/** What the tenant record says of its subscription: its id and expiry. */
export function SubscriptionSummary({ tenant }: { tenant: Tenant }) {
  const { t, i18n } = useTranslation('adminTenants');
  if (tenant.subscriptionId === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('subscription.none')}
      </Text>
    );
  }
  const expiry = tenant.subscriptionExpiresAt
    ? new Date(tenant.subscriptionExpiresAt).toLocaleDateString(i18n.language, { timeZone: 'UTC' })
    : '—';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('subscription.id')}
          </Text>
          <Text size="sm" fw={500}>
            #{tenant.subscriptionId}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('subscription.expiry')}
          </Text>
          <Text size="sm" fw={500}>
            {expiry}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
