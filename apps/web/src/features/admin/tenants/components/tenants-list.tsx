import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Tenant } from '@waymark/contracts/tenant';
import { TENANT_PAGE_SIZE } from '@waymark/contracts/tenant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import type { AdminColumn } from '../../shared/admin-list';
import { AdminList } from '../../shared/admin-list';
import { AdminPageHeader } from '../../shared/admin-page-header';
import { StatTiles } from '../../shared/stat-tiles';
import { type ActiveStatus, StatusFilter } from '../../shared/status-filter';
import { usePageQuery } from '../../shared/use-page-query';
import { topLevelTenants } from '../tenant-rules';
import {
  useActiveCountQuery,
  useTenantActiveMutation,
  useTenantsQuery,
  useUpdateTenantMutation,
} from '../tenants.queries';
import { TenantFormModal } from './tenant-form-modal';
import { useTenantWrites } from './tenant-mutations';

type Editing = { mode: 'create' } | { mode: 'edit'; tenant: Tenant } | null;

/**
 * The tenants list: 12 a page by name, search, status filter ('all' first), only top-level tenants (sub-tenants
 * are shown in their parent's page), a reseller badge, an active switch and the create/edit/delete dialogs.
 */
export function TenantsList() {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const state = usePageQuery<{ status: ActiveStatus }>({
    size: TENANT_PAGE_SIZE,
    sortBy: 'name',
    filters: { status: 'all' },
  });
  const query = useTenantsQuery(state.params);
  const activeCount = useActiveCountQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  const close = () => setEditing(null);
  const writes = useTenantWrites(() => {
    close();
    setDeleting(null);
  });
  const update = useUpdateTenantMutation();
  const toggle = useTenantActiveMutation();

  const page = query.data ? { ...query.data, content: topLevelTenants(query.data.content) } : undefined;
  const columns: AdminColumn<Tenant>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      sortable: true,
      render: (tenant) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {tenant.name}
          </Text>
          {tenant.reseller ? (
            <Badge size="sm" variant="light">
              {t('reseller')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'email', label: t('columns.email'), render: (tenant) => tenant.email ?? ta('none') },
    {
      key: 'counts',
      label: t('columns.counts'),
      render: (x) => `${x.counts.users} / ${x.counts.devices} / ${x.counts.groups}`,
    },
    { key: 'subTenants', label: t('columns.subTenants'), render: (x) => x.counts.subTenants },
    {
      key: 'active',
      label: t('columns.status'),
      sortable: true,
      render: (tenant) => (
        <Switch
          aria-label={t('toggleActive', { name: tenant.name })}
          checked={tenant.active}
          label={tenant.active ? t('active') : t('inactive')}
          disabled={toggle.isPending}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => toggle.mutate({ tenant, active: event.currentTarget.checked })}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            {t('create')}
          </Button>
        }
      />
      <StatTiles
        cols={{ base: 2, sm: 2, lg: 4 }}
        tiles={[
          { key: 'total', label: t('tiles.total'), value: query.data?.totalElements },
          { key: 'active', label: t('tiles.active'), value: activeCount.data, color: 'success' },
        ]}
      />
      <AdminList
        columns={columns}
        query={{ data: page, isPending: query.isPending, isError: query.isError }}
        errorText={t('errors.loadTenants')}
        rowKey={(tenant) => tenant.id}
        page={state.page}
        onPage={state.setPage}
        sort={state}
        search={state.search}
        onSearch={state.setSearch}
        filters={<StatusFilter value={state.filters.status} onChange={(value) => state.setFilter('status', value)} />}
        onRowClick={(tenant) => navigate(`/admin/tenants/${tenant.id}`)}
        rowActions={(tenant) => (
          <RowActions
            editLabel={t('editNamed', { name: tenant.name })}
            deleteLabel={t('deleteNamed', { name: tenant.name })}
            onEdit={() => setEditing({ mode: 'edit', tenant })}
            onDelete={() => setDeleting(tenant)}
          />
        )}
      />
      {editing ? (
        <TenantFormModal
          opened
          onClose={close}
          tenant={editing.mode === 'edit' ? editing.tenant : undefined}
          submitting={writes.create.isPending}
          onCreate={(input) => writes.create.mutate(input)}
          onUpdate={(id, input) => {
            // shown at once (optimistic), rolled back if the server refuses
            update.mutate({ id, input });
            close();
          }}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('delete')}
        message={`${t('confirm.deleteTenant', { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={writes.remove.isPending}
        onConfirm={() => deleting && writes.remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
