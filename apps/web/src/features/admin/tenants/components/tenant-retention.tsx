import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RETENTION_MAX_DAYS, retentionDaysSchema, type TenantRetention } from '@waymark/contracts/retention';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { fetchRetention, saveTenantRetention } from '../retention.api';
import { tenantKeys } from '../tenants.queries';

/**
 * How long one tenant's positions and events are kept: what applies now, the server's limit, and the tenant's own
 * setting for a platform admin to change. The server refuses a tenant longer than itself (400) and says why.
 */
export function TenantRetentionPanel({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation('adminTenants');
  const query = useQuery({ queryKey: tenantKeys.retention(), queryFn: fetchRetention });
  if (query.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('retention.loadFailed')}
      </Text>
    );
  }
  if (!query.data) return null;
  const { serverDays } = query.data;
  // the list holds the tenants with a setting of their own; the others follow the server
  const own = query.data.tenants.find((x) => x.tenantId === tenantId);
  const current = own ?? { retentionDays: null, effectiveDays: serverDays };
  return (
    <RetentionForm
      // a saved value comes back with the list: the form starts again from it
      key={String(current.retentionDays)}
      tenantId={tenantId}
      serverDays={serverDays}
      current={current}
    />
  );
}

function RetentionForm({
  tenantId,
  serverDays,
  current,
}: {
  tenantId: number;
  serverDays: number | null;
  current: Pick<TenantRetention, 'retentionDays' | 'effectiveDays'>;
}) {
  const { t } = useTranslation('adminTenants');
  const [followServer, setFollowServer] = useState(current.retentionDays === null);
  const [days, setDays] = useState<number | string>(current.retentionDays ?? serverDays ?? '');
  const save = useAdminMutation({
    mutationFn: saveTenantRetention,
    invalidates: [tenantKeys.retention()],
    success: t('retention.saved'),
    failure: t('retention.saveFailed'),
  });
  const chosen = followServer ? null : typeof days === 'number' ? days : Number.NaN;
  const valid = retentionDaysSchema.safeParse(chosen).success;
  const kept = (value: number | null) =>
    value === null ? t('retention.unlimited') : t('retention.days', { count: value });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('retention.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('retention.serverLimit', { limit: kept(serverDays) })}
          </Text>
        </Group>
        <Text size="sm">{t('retention.effective', { kept: kept(current.effectiveDays) })}</Text>
        <Group align="flex-end" wrap="wrap">
          <NumberInput
            label={t('retention.daysLabel')}
            min={1}
            max={RETENTION_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            w={160}
            value={followServer ? '' : days}
            disabled={followServer}
            onChange={setDays}
            error={!followServer && days !== '' && !valid ? t('retention.invalid') : undefined}
          />
          <Checkbox
            mb={8}
            label={t('retention.followServer')}
            checked={followServer}
            onChange={(event) => setFollowServer(event.currentTarget.checked)}
          />
          <Button
            disabled={!valid || chosen === current.retentionDays}
            loading={save.isPending}
            onClick={() => save.mutate({ tenantId, retentionDays: chosen })}
          >
            {t('retention.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
