import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import type { SubscriptionDto } from '@waymark/contracts/subscription';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveSubscription, setSubscriptionDisabled } from '../billing.api';
import { billingKeys, useSubscriptionsQuery } from '../billing.queries';
import { asPage, formatMoney } from './format';
import { SubscriptionFields, useSubscriptionForm } from './subscription-fields';

function EditModal({ plan, onClose }: { plan: SubscriptionDto; onClose: () => void }) {
  const { t } = useTranslation('adminBilling');
  const { form, input } = useSubscriptionForm(plan);
  const save = useAdminMutation({
    mutationFn: saveSubscription,
    invalidates: [billingKeys.subscriptions()],
    success: t('subscriptions.updated'),
    failure: t('subscriptions.updateFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={t('subscriptions.editNamed', { name: plan.name })}
      onClose={onClose}
      submitting={save.isPending}
      onSubmit={() => form.onSubmit((v) => save.mutate({ id: plan.id, input: input(v) }))()}
    >
      <SubscriptionFields form={form} />
    </AdminFormModal>
  );
}

/** The plans, with edit and a separate disable (or enable) action; every write reloads the list. */
export function SubscriptionsList() {
  const { t, i18n } = useTranslation('adminBilling');
  const { t: ta } = useTranslation('admin');
  const canWrite = useHasPermission(['ADMIN_ACCOUNT']);
  const query = useSubscriptionsQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<SubscriptionDto | null>(null);
  const [disabling, setDisabling] = useState<SubscriptionDto | null>(null);
  const toggle = useAdminMutation({
    mutationFn: setSubscriptionDisabled,
    invalidates: [billingKeys.subscriptions()],
    success: (_, v) => (v.disabled ? t('subscriptions.disabledDone') : t('subscriptions.enabledDone')),
    failure: disabling ? t('subscriptions.disableFailed') : t('subscriptions.enableFailed'),
    onSuccess: () => setDisabling(null),
  });
  const needle = search.trim().toLowerCase();
  const rows = query.data?.filter((p) => p.name.toLowerCase().includes(needle));

  return (
    <>
      <AdminPageHeader
        title={t('subscriptions.title')}
        description={t('subscriptions.description')}
        actions={
          canWrite ? (
            <Button component={Link} to="/admin/subscriptions/create" leftSection={<IconPlus size={16} />}>
              {t('subscriptions.create')}
            </Button>
          ) : null
        }
      />
      <AdminList<SubscriptionDto>
        query={{ data: asPage(rows), isPending: query.isPending, isError: query.isError }}
        rowKey={(p) => p.id}
        page={0}
        onPage={() => {}}
        search={search}
        onSearch={setSearch}
        emptyText={t('subscriptions.empty')}
        errorText={t('subscriptions.loadFailed')}
        columns={[
          { key: 'name', label: t('subscriptions.columns.name'), render: (p) => p.name },
          {
            key: 'price',
            label: t('subscriptions.columns.price'),
            render: (p) => formatMoney(p.priceCents, p.currency, i18n.language),
          },
          { key: 'interval', label: t('subscriptions.columns.interval'), render: (p) => t(`interval.${p.interval}`) },
          {
            key: 'deviceLimit',
            label: t('subscriptions.columns.deviceLimit'),
            render: (p) => (p.deviceLimit < 0 ? t('unlimited') : p.deviceLimit),
          },
          { key: 'tenants', label: t('subscriptions.columns.tenants'), render: (p) => p.tenantCount },
          {
            key: 'status',
            label: t('subscriptions.columns.status'),
            render: (p) => (
              <Badge color={p.disabled ? 'gray' : 'success'} variant="light">
                {p.disabled ? t('subscriptions.disabled') : t('subscriptions.active')}
              </Badge>
            ),
          },
        ]}
        rowActions={
          canWrite
            ? (p) => (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('subscriptions.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('subscriptions.editNamed', { name: p.name })}
                      onClick={() => setEditing(p)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {p.disabled ? (
                    <Tooltip label={t('subscriptions.enable')}>
                      <ActionIcon
                        variant="subtle"
                        color="success"
                        aria-label={t('subscriptions.enableNamed', { name: p.name })}
                        loading={toggle.isPending && toggle.variables?.id === p.id}
                        onClick={() => toggle.mutate({ id: p.id, disabled: false })}
                      >
                        <IconPlayerPlay size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label={t('subscriptions.disable')}>
                      <ActionIcon
                        variant="subtle"
                        color="warning"
                        aria-label={t('subscriptions.disableNamed', { name: p.name })}
                        onClick={() => setDisabling(p)}
                      >
                        <IconPlayerPause size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              )
            : undefined
        }
      />
      {editing ? <EditModal plan={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        opened={disabling !== null}
        title={t('subscriptions.disable')}
        message={t('subscriptions.disableConfirm', { name: disabling?.name ?? '' })}
        confirmLabel={t('subscriptions.disable')}
        cancelLabel={ta('cancel')}
        loading={toggle.isPending}
        onConfirm={() => disabling && toggle.mutate({ id: disabling.id, disabled: true })}
        onClose={() => setDisabling(null)}
      />
    </>
  );
}
