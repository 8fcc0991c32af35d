import { Button, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { BillingNotificationDto } from '@waymark/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteBillingNotification, setBillingNotificationEnabled } from '../billing.api';
import { billingKeys, useBillingNotificationsQuery } from '../billing.queries';
import { BillingNotificationForm } from './billing-notification-form';
import { asPage } from './format';

/** The billing notification rules: create, edit, delete, and an enable/disable toggle that reloads the list. */
export function BillingNotificationsList() {
  const { t } = useTranslation('adminBilling');
  const { t: ta } = useTranslation('admin');
  const query = useBillingNotificationsQuery();
  const [editing, setEditing] = useState<BillingNotificationDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BillingNotificationDto | null>(null);
  const invalidates = [billingKeys.notifications()];
  const toggle = useAdminMutation({
    mutationFn: setBillingNotificationEnabled,
    invalidates,
    success: (_, v) => (v.enabled ? t('notifications.enabledDone') : t('notifications.disabledDone')),
    failure: t('notifications.toggleFailed'),
  });
  const remove = useAdminMutation({
    mutationFn: deleteBillingNotification,
    invalidates,
    success: t('notifications.deleted'),
    failure: t('notifications.deleteFailed'),
    onSuccess: () => setDeleting(null),
  });

  return (
    <>
      <AdminPageHeader
        title={t('notifications.title')}
        description={t('notifications.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('notifications.create')}
          </Button>
        }
      />
      <AdminList<BillingNotificationDto>
        query={{ data: asPage(query.data), isPending: query.isPending, isError: query.isError }}
        rowKey={(r) => r.id}
        page={0}
        onPage={() => {}}
        minWidth={560}
        emptyText={t('notifications.empty')}
        errorText={t('notifications.loadFailed')}
        columns={[
          { key: 'name', label: t('notifications.columns.name'), render: (r) => r.name },
          { key: 'type', label: t('notifications.columns.type'), render: (r) => t(`notifications.type.${r.type}`) },
          {
            key: 'value',
            label: t('notifications.columns.value'),
            render: (r) => t(`notifications.valueOf.${r.type}`, { value: r.value }),
          },
          {
            key: 'status',
            label: t('notifications.columns.status'),
            render: (r) => (
              <Switch
                checked={r.status === 'enabled'}
                disabled={toggle.isPending && toggle.variables?.id === r.id}
                aria-label={t('notifications.toggleNamed', { name: r.name })}
                label={t(`notifications.status.${r.status}`)}
                onChange={(event) => toggle.mutate({ id: r.id, enabled: event.currentTarget.checked })}
              />
            ),
          },
        ]}
        rowActions={(r) => (
          <RowActions
            editLabel={t('notifications.editNamed', { name: r.name })}
            deleteLabel={t('notifications.deleteNamed', { name: r.name })}
            onEdit={() => setEditing(r)}
            onDelete={() => setDeleting(r)}
          />
        )}
      />
      {editing ? (
        <BillingNotificationForm rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('notifications.deleteTitle')}
        message={`${t('notifications.deleteConfirm', { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
