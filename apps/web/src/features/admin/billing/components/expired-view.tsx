import { Button, Group, NumberInput, Stack, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import type { ExpiredDto } from '@waymark/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { extendExpiry } from '../billing.api';
import { billingKeys, useExpiredQuery } from '../billing.queries';
import { asPage, formatDay } from './format';

type Ids = Set<string | number>;

/** Tenants and devices past their expiry; platform staff extend one or the selected ones by some months. */
export function ExpiredView() {
  const { t, i18n } = useTranslation('adminBilling');
  const lang = i18n.language;
  const canExtend = useHasPermission(['ADMIN_ACCOUNT']);
  const query = useExpiredQuery();
  const [months, setMonths] = useState<number>(1);
  const [tenants, setTenants] = useState<Ids>(new Set());
  const [devices, setDevices] = useState<Ids>(new Set());
  const extend = useAdminMutation({
    mutationFn: extendExpiry,
    invalidates: [billingKeys.expired(), billingKeys.subscriptions()],
    success: (r) => t('expired.extended', r),
    failure: t('expired.extendFailed'),
    onSuccess: () => {
      setTenants(new Set());
      setDevices(new Set());
    },
  });
  const run = (tenantIds: Ids, deviceIds: Ids) =>
    extend.mutate({ tenantIds: [...tenantIds].map(Number), deviceIds: [...deviceIds].map(Number), months });
  const selected = tenants.size + devices.size;
  const extendOne = (label: string, onClick: () => void) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconCalendarPlus size={14} />}
      aria-label={t('expired.extendNamed', { name: label })}
      onClick={onClick}
      disabled={extend.isPending}
    >
      {t('expired.extend')}
    </Button>
  );
  const state = { isPending: query.isPending, isError: query.isError };

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('expired.title')}
        description={t('expired.description')}
        actions={
          canExtend ? (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NumberInput
                label={t('expired.months')}
                min={1}
                max={60}
                allowDecimal={false}
                value={months}
                onChange={(value) => setMonths(Math.min(60, Math.max(1, Number(value) || 1)))}
                w={100}
              />
              <Button disabled={selected === 0} loading={extend.isPending} onClick={() => run(tenants, devices)}>
                {t('expired.extendSelected', { count: selected })}
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="xs">
        <Title order={4}>{t('expired.tenants')}</Title>
        <AdminList<ExpiredDto['tenants'][number]>
          query={{ ...state, data: asPage(query.data?.tenants) }}
          rowKey={(r) => r.id}
          page={0}
          onPage={() => {}}
          minWidth={520}
          emptyText={t('expired.noTenants')}
          errorText={t('expired.loadFailed')}
          selection={canExtend ? { selected: tenants, onChange: setTenants } : undefined}
          columns={[
            { key: 'name', label: t('expired.tenant'), render: (r) => r.name },
            { key: 'plan', label: t('expired.plan'), render: (r) => r.subscriptionName ?? '—' },
            { key: 'expiresAt', label: t('expired.expiredOn'), render: (r) => formatDay(r.expiresAt, lang) },
          ]}
          rowActions={canExtend ? (r) => extendOne(r.name, () => run(new Set([r.id]), new Set())) : undefined}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('expired.devices')}</Title>
        <AdminList<ExpiredDto['devices'][number]>
          query={{ ...state, data: asPage(query.data?.devices) }}
          rowKey={(r) => r.id}
          page={0}
          onPage={() => {}}
          minWidth={620}
          emptyText={t('expired.noDevices')}
          errorText={t('expired.loadFailed')}
          selection={canExtend ? { selected: devices, onChange: setDevices } : undefined}
          columns={[
            { key: 'name', label: t('expired.device'), render: (r) => r.name },
            { key: 'uniqueId', label: t('expired.identifier'), render: (r) => r.uniqueId },
            { key: 'tenant', label: t('expired.tenant'), render: (r) => r.tenantName ?? '—' },
            { key: 'expiresAt', label: t('expired.expiredOn'), render: (r) => formatDay(r.expiresAt, lang) },
          ]}
          rowActions={canExtend ? (r) => extendOne(r.name, () => run(new Set(), new Set([r.id]))) : undefined}
        />
      </Stack>
    </Stack>
  );
}
