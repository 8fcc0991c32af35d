import { Badge, Button, Group, Stack, Switch, Tabs } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Tenant } from '@waymark/contracts/tenant';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { ListState } from '../../../../components/list-state';
import { useHasPermission } from '../../../permissions/use-has-permission';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { useTenantActiveMutation, useTenantQuery, useUpdateTenantMutation } from '../tenants.queries';
import { SubTenantsTab } from './sub-tenants-tab';
import { SubscriptionSummary } from './subscription-summary';
import { TenantDevicesTab } from './tenant-devices-tab';
import { TenantFormModal } from './tenant-form-modal';
import { TenantGroupsTab } from './tenant-groups-tab';
import { useTenantWrites } from './tenant-mutations';
import { TenantRetentionPanel } from './tenant-retention';
import { TenantUsersTab } from './tenant-users-tab';

/** Panels another part of the admin area supplies for a tenant (subscription, billing), given the tenant's id. */
export interface TenantPanels {
  subscription?: (tenantId: number) => ReactNode;
  billing?: (tenantId: number) => ReactNode;
}

const TABS = ['groups', 'users', 'devices', 'subTenants', 'subscription', 'billing'] as const;

/** One tenant: its header (active switch, edit, delete) and tabs, 'groups' first. */
export function TenantDetail({ tenantId, panels = {} }: { tenantId: number; panels?: TenantPanels }) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const query = useTenantQuery(tenantId);
  const [tab, setTab] = useState<string | null>('groups');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateTenantMutation();
  const toggle = useTenantActiveMutation();
  const writes = useTenantWrites(() => navigate('/admin/tenants'));
  // retention is the platform's to set (its routes need ADMIN_ACCOUNT); a tenant's own admins do not see it
  const canRetention = useHasPermission(['ADMIN_ACCOUNT']);
  const back = { to: '/admin/tenants', label: t('back') };

  return (
    <ListState
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={false}
      loadingLabel={ta('loading')}
      errorText={t('errors.loadTenant')}
      emptyText=""
    >
      {() => {
        const tenant = query.data as Tenant;
        const panel = (name: (typeof TABS)[number]): ReactNode => {
          if (name === 'groups') return <TenantGroupsTab tenant={tenant} />;
          if (name === 'users') return <TenantUsersTab tenant={tenant} />;
          if (name === 'devices') return <TenantDevicesTab tenant={tenant} />;
          if (name === 'subTenants') return <SubTenantsTab tenant={tenant} />;
          const supplied = panels[name];
          return supplied ? supplied(tenant.id) : <SubscriptionSummary tenant={tenant} />;
        };
        return (
          <Stack gap="md">
            <AdminPageHeader
              back={back}
              title={
                <Group gap="xs">
                  {tenant.name}
                  {tenant.reseller ? <Badge variant="light">{t('reseller')}</Badge> : null}
                </Group>
              }
              description={[tenant.email, tenant.phone, tenant.address].filter(Boolean).join(' · ') || undefined}
              actions={
                <>
                  <Switch
                    aria-label={t('toggleActive', { name: tenant.name })}
                    label={tenant.active ? t('active') : t('inactive')}
                    checked={tenant.active}
                    disabled={toggle.isPending}
                    onChange={(event) => toggle.mutate({ tenant, active: event.currentTarget.checked })}
                  />
                  <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                    {ta('edit')}
                  </Button>
                  <Button
                    color="error"
                    variant="light"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleting(true)}
                  >
                    {ta('delete')}
                  </Button>
                </>
              }
            />
            {canRetention ? <TenantRetentionPanel tenantId={tenant.id} /> : null}
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map((name) => (
                <Tabs.Panel key={name} value={name} pt="md">
                  {panel(name)}
                </Tabs.Panel>
              ))}
            </Tabs>
            {editing ? (
              <TenantFormModal
                opened
                tenant={tenant}
                onClose={() => setEditing(false)}
                onCreate={() => undefined}
                onUpdate={(id, input) => {
                  // shown at once (optimistic), rolled back if the server refuses
                  update.mutate({ id, input });
                  setEditing(false);
                }}
              />
            ) : null}
            <ConfirmModal
              opened={deleting}
              title={t('delete')}
              message={`${t('confirm.deleteTenant', { name: tenant.name })} ${ta('cannotBeUndone')}`}
              confirmLabel={ta('delete')}
              cancelLabel={ta('cancel')}
              loading={writes.remove.isPending}
              onConfirm={() => writes.remove.mutate(tenant.id)}
              onClose={() => setDeleting(false)}
            />
          </Stack>
        );
      }}
    </ListState>
  );
}
