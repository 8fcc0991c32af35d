import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { assignSubscription, extendExpiry } from '../billing.api';
import { billingKeys, useSubscriptionsQuery, useTenantSubscriptionQuery } from '../billing.queries';
import { formatDay, formatMoney } from './format';

function AssignModal({ tenantId, current, onClose }: { tenantId: number; current?: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('adminBilling');
  const plans = useSubscriptionsQuery();
  const [planId, setPlanId] = useState<string | null>(current ? String(current) : null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const assign = useAdminMutation({
    mutationFn: assignSubscription,
    invalidates: [billingKeys.subscriptions(), billingKeys.expired()],
    success: t('tenant.assigned'),
    failure: t('tenant.assignFailed'),
    onSuccess: onClose,
  });
  const options = (plans.data ?? [])
    .filter((p) => !p.disabled)
    .map((p) => ({
      value: String(p.id),
      label: `${p.name} · ${formatMoney(p.priceCents, p.currency, i18n.language)} / ${t(`interval.${p.interval}`)}`,
    }));
  return (
    <AdminFormModal
      opened
      title={t('tenant.assignTitle')}
      onClose={onClose}
      size="md"
      submitting={assign.isPending}
      onSubmit={() => {
        if (!planId) return;
        assign.mutate({
          id: Number(planId),
          tenantId,
          expiresAt: expiresAt ? new Date(`${expiresAt}T00:00:00Z`).toISOString() : undefined,
        });
      }}
    >
      <Select
        label={t('tenant.choosePlan')}
        required
        data={options}
        value={planId}
        onChange={setPlanId}
        searchable
        data-autofocus
      />
      <DateInput
        label={t('tenant.expiresAtField')}
        description={t('tenant.expiresAtHint')}
        valueFormat="YYYY-MM-DD"
        clearable
        value={expiresAt}
        onChange={(value) => setExpiresAt(value ? String(value).slice(0, 10) : null)}
      />
    </AdminFormModal>
  );
}

function ExtendModal({ tenantId, onClose }: { tenantId: number; onClose: () => void }) {
  const { t } = useTranslation('adminBilling');
  const [months, setMonths] = useState<number>(1);
  const extend = useAdminMutation({
    mutationFn: extendExpiry,
    invalidates: [billingKeys.subscriptions(), billingKeys.expired()],
    success: (r) => t('expired.extended', r),
    failure: t('expired.extendFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={t('tenant.extendTitle')}
      onClose={onClose}
      size="sm"
      submitting={extend.isPending}
      submitLabel={t('expired.extend')}
      onSubmit={() => extend.mutate({ tenantIds: [tenantId], deviceIds: [], months })}
    >
      <NumberInput
        label={t('expired.months')}
        min={1}
        max={60}
        allowDecimal={false}
        value={months}
        onChange={(value) => setMonths(Math.min(60, Math.max(1, Number(value) || 1)))}
        data-autofocus
      />
    </AdminFormModal>
  );
}

/** A tenant's plan on its detail page: plan, price, expiry, device usage; platform staff assign, change, extend. */
export function TenantSubscriptionTab({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation('adminBilling');
  const lang = i18n.language;
  const canWrite = useHasPermission(['ADMIN_ACCOUNT']);
  const query = useTenantSubscriptionQuery(tenantId);
  const [modal, setModal] = useState<'assign' | 'extend' | null>(null);
  if (query.isPending) return <Loader aria-label={t('tenant.plan')} />;
  if (query.isError) return <Alert color="error">{t('tenant.loadFailed')}</Alert>;
  const { subscription: plan, expiresAt, activeDevices } = query.data;
  const expired = expiresAt !== null && new Date(expiresAt) < new Date();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('tenant.plan')}
            </Text>
            <Text fw={700}>{plan ? plan.name : t('tenant.noPlan')}</Text>
            {plan ? (
              <Text size="sm">
                {formatMoney(plan.priceCents, plan.currency, lang)} · {t(`interval.${plan.interval}`)}
              </Text>
            ) : null}
          </Stack>
          {canWrite ? (
            <Group gap="xs">
              <Button variant="light" onClick={() => setModal('assign')}>
                {plan ? t('tenant.change') : t('tenant.assign')}
              </Button>
              {plan ? (
                <Button variant="default" onClick={() => setModal('extend')}>
                  {t('tenant.extend')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        <Group gap="xl" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('tenant.expiresAt')}
            </Text>
            <Group gap="xs">
              <Text>{expiresAt ? formatDay(expiresAt, lang) : t('tenant.never')}</Text>
              {expired ? (
                <Badge color="error" variant="light">
                  {t('expired.title')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('tenant.activeDevices')}
            </Text>
            <Text>
              {plan && plan.deviceLimit >= 0
                ? t('tenant.usage', { active: activeDevices, limit: plan.deviceLimit })
                : activeDevices}
            </Text>
          </Stack>
        </Group>
      </Stack>
      {modal === 'assign' ? (
        <AssignModal tenantId={tenantId} current={plan?.id} onClose={() => setModal(null)} />
      ) : null}
      {modal === 'extend' ? <ExtendModal tenantId={tenantId} onClose={() => setModal(null)} /> : null}
    </Paper>
  );
}
