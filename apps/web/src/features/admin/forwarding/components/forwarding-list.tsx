import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Forwarding } from '@waymark/contracts/forwarding';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { usePermissions } from '../../../permissions/permissions-context';
import { AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteForwarding, saveForwarding, toggledInput } from '../forwarding.api';
import { forwardingKeys, useForwardingQuery } from '../forwarding.queries';
import { ForwardingFormModal } from './forwarding-form-modal';
import { ForwardingStatusCell } from './forwarding-status-cell';

/** The address shown: a broker's URL with its topic (and AMQP's exchange); a URL's password is hidden. */
export function addressOf(target: Forwarding): string {
  let url = target.url;
  try {
    const parsed = new URL(target.url);
    if (parsed.password) {
      parsed.password = '***';
      url = parsed.toString();
    }
  } catch {
    // shown as stored
  }
  if (target.type === 'webhook') return url;
  const where = target.type === 'amqp' && target.exchange ? `${target.exchange} → ${target.topic}` : target.topic;
  return `${url} · ${where}`;
}

/**
 * The forwarding targets the caller manages (platform administrators: the server-wide ones and every tenant's;
 * tenant administrators: their tenants'), each with its delivery status refreshed every few seconds: create,
 * edit, enable or disable, delete (confirmed).
 */
export function ForwardingList() {
  const { t } = useTranslation('adminForwarding');
  const { t: ta } = useTranslation('admin');
  const query = useForwardingQuery();
  const chooseTenant = usePermissions().includes('ADMIN_ACCOUNT');
  const [editing, setEditing] = useState<Forwarding | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Forwarding | null>(null);
  const toggle = useAdminMutation({
    mutationFn: ({ target, enabled }: { target: Forwarding; enabled: boolean }) =>
      saveForwarding({ id: target.id, input: toggledInput(target, enabled) }),
    invalidates: [forwardingKeys.all],
    success: (_, v) => (v.enabled ? t('enabledDone') : t('disabledDone')),
    failure: t('toggleFailed'),
  });
  const remove = useAdminMutation({
    mutationFn: deleteForwarding,
    invalidates: [forwardingKeys.list()],
    success: t('deleted'),
    failure: t('deleteFailed'),
    onSuccess: () => setDeleting(null),
  });
  const list = query.data ?? [];

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('create')}
          </Button>
        }
      />
      <AdminList<Forwarding>
        query={{
          data: { content: list, totalElements: list.length, totalPages: 1, page: 0, size: list.length },
          isPending: query.isPending,
          isError: query.isError,
        }}
        rowKey={(r) => r.id}
        page={0}
        onPage={() => {}}
        minWidth={1080}
        emptyText={t('empty')}
        errorText={t('loadFailed')}
        columns={[
          { key: 'name', label: t('columns.name'), render: (r) => r.name },
          { key: 'type', label: t('columns.type'), render: (r) => t(`type.${r.type}`) },
          {
            key: 'address',
            label: t('columns.address'),
            render: (r) => (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {addressOf(r)}
              </Text>
            ),
          },
          {
            key: 'forwards',
            label: t('columns.forwards'),
            render: (r) => (
              <Group gap={4}>
                {r.positions ? (
                  <Badge size="sm" variant="light">
                    {t('forwards.positions')}
                  </Badge>
                ) : null}
                {r.events ? (
                  <Badge size="sm" variant="light" color="grape">
                    {t('forwards.events')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            key: 'scope',
            label: t('columns.scope'),
            render: (r) =>
              r.tenantId === null ? t('serverWide') : (r.tenantName ?? t('tenantNumber', { id: r.tenantId })),
          },
          {
            key: 'enabled',
            label: t('columns.enabled'),
            render: (r) => (
              <Switch
                checked={r.enabled}
                disabled={toggle.isPending && toggle.variables?.target.id === r.id}
                aria-label={t('toggleNamed', { name: r.name })}
                label={r.enabled ? t('state.on') : t('state.off')}
                onChange={(event) => toggle.mutate({ target: r, enabled: event.currentTarget.checked })}
              />
            ),
          },
          { key: 'delivery', label: t('columns.delivery'), render: (r) => <ForwardingStatusCell id={r.id} /> },
        ]}
        rowActions={(r) => (
          <RowActions
            editLabel={t('editNamed', { name: r.name })}
            deleteLabel={t('deleteNamed', { name: r.name })}
            onEdit={() => setEditing(r)}
            onDelete={() => setDeleting(r)}
          />
        )}
      />
      <Text size="xs" c="dimmed">
        {t('status.refresh')}
      </Text>
      {editing ? (
        <ForwardingFormModal
          target={editing === 'new' ? undefined : editing}
          chooseTenant={chooseTenant}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={`${t('deleteConfirm', { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
