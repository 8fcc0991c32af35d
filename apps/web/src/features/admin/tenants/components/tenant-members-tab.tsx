import { Button, Group, Stack, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import type { Page } from '@waymark/contracts/common';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import type { AdminColumn } from '../../shared/admin-list';
import { AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { tenantKeys, useNotifyTenantError } from '../tenants.queries';

type Member = { id: number; name: string; attribute: { isActive: boolean } };

/** The catalogue texts of each kind of member. */
const TEXTS = {
  group: {
    create: 'groups.create',
    empty: 'groups.empty',
    loadFailed: 'errors.loadGroups',
    deleteTitle: 'groups.delete',
    deleteQuestion: 'confirm.deleteGroup',
    deleted: 'success.groupDeleted',
    deleteFailed: 'errors.deleteGroup',
    activated: 'success.groupActivated',
    deactivated: 'success.groupDeactivated',
    toggleFailed: 'errors.toggleGroup',
  },
  user: {
    create: 'users.create',
    empty: 'users.empty',
    loadFailed: 'errors.loadUsers',
    deleteTitle: 'users.delete',
    deleteQuestion: 'confirm.deleteUser',
    deleted: 'success.userDeleted',
    deleteFailed: 'errors.deleteUser',
    activated: 'success.userActivated',
    deactivated: 'success.userDeactivated',
    toggleFailed: 'errors.toggleUser',
  },
} as const;

/** What a write to a tenant's members changes: the members, who is in which group, and the tenant's counts. */
export const memberKeys = (kind: keyof typeof TEXTS, tenantId: number): readonly QueryKey[] => [
  kind === 'group' ? tenantKeys.groups(tenantId) : tenantKeys.users(tenantId),
  tenantKeys.mapping(tenantId),
  tenantKeys.detail(tenantId),
];

export interface TenantMembersTabProps<T extends Member> {
  tenantId: number;
  kind: keyof typeof TEXTS;
  /** The tenant's members for the list state's parameters (a query hook of tenants.queries). */
  usePage: (
    tenantId: number,
    params: Record<string, string | number>,
  ) => { data?: Page<T>; isPending: boolean; isError: boolean };
  /** The columns before the status switch. */
  columns: AdminColumn<T>[];
  setActive: (id: number, active: boolean) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  createDisabled?: boolean;
  deleteDisabled: (row: T) => boolean;
  /** Row actions after edit and delete. */
  rowExtras?: (row: T) => ReactNode;
  /** The create (no row) or edit dialog; it saves, then closes. */
  form: (row: T | undefined, onClose: () => void) => ReactNode;
  minWidth?: number;
}

/** A tab of a tenant's members (groups, users): paged list, create, edit, delete, activate and deactivate. */
export function TenantMembersTab<T extends Member>(props: TenantMembersTabProps<T>) {
  const { t } = useTranslation('adminTenants');
  const { t: ta } = useTranslation('admin');
  const { usePage } = props;
  const invalidates = memberKeys(props.kind, props.tenantId);
  const texts = TEXTS[props.kind];
  const notifyFailure = useNotifyTenantError();
  const state = usePageQuery({ size: 10, sortBy: 'name' });
  const query = usePage(props.tenantId, state.params);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useAdminMutation({
    mutationFn: props.remove,
    invalidates,
    success: t(texts.deleted),
    failure: t(texts.deleteFailed),
    notifyFailure,
    onSuccess: () => setDeleting(null),
  });
  const toggle = useAdminMutation({
    mutationFn: ({ row, active }: { row: T; active: boolean }) => props.setActive(row.id, active),
    invalidates,
    success: (_r, { active }) => t(active ? texts.activated : texts.deactivated),
    failure: t(texts.toggleFailed),
    notifyFailure,
  });
  const status: AdminColumn<T> = {
    key: 'active',
    label: t('columns.status'),
    render: (row) => (
      <Switch
        aria-label={t('toggleActive', { name: row.name })}
        checked={row.attribute.isActive}
        label={row.attribute.isActive ? t('active') : t('inactive')}
        disabled={toggle.isPending}
        onChange={(event) => toggle.mutate({ row, active: event.currentTarget.checked })}
      />
    ),
  };

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={props.createDisabled}>
          {t(texts.create)}
        </Button>
      </Group>
      <AdminList
        columns={[...props.columns, status]}
        query={query}
        errorText={t(texts.loadFailed)}
        emptyText={t(texts.empty)}
        rowKey={(row) => row.id}
        page={state.page}
        onPage={state.setPage}
        sort={state}
        search={state.search}
        onSearch={state.setSearch}
        minWidth={props.minWidth}
        rowActions={(row) => (
          <RowActions
            editLabel={t('editNamed', { name: row.name })}
            deleteLabel={t('deleteNamed', { name: row.name })}
            onEdit={() => setEditing(row)}
            onDelete={() => setDeleting(row)}
            deleteDisabled={props.deleteDisabled(row)}
          >
            {props.rowExtras?.(row)}
          </RowActions>
        )}
      />
      {editing ? props.form(editing === 'new' ? undefined : editing, () => setEditing(null)) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t(texts.deleteTitle)}
        message={`${t(texts.deleteQuestion, { name: deleting?.name ?? '' })} ${ta('cannotBeUndone')}`}
        confirmLabel={ta('delete')}
        cancelLabel={ta('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
