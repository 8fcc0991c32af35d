import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import type { Page } from '@waymark/contracts/common';
import type { Permission } from '@waymark/contracts/permissions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirm } from '../../../../lib/use-delete-confirm';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { CatalogueRowActions, RemoveQuestion } from './catalogue-row-actions';
import { useCanWrite } from './use-stock-access';

type Row = { id: number; name: string };

export interface CataloguePanelProps<T extends Row> {
  /** Where the panel's texts live: `<texts>.create`, `<texts>.deleted`, `<texts>.deleteFailed`. */
  texts: 'models' | 'manufacturers' | 'vendors';
  /** The page's flag; only platform staff holding it with ADMIN_ACCOUNT change the rows. */
  flag: Permission;
  columns: AdminColumn<T>[];
  /** The list's server page for the list state's parameters (a query hook of catalogue.queries). */
  usePage: (params: Record<string, string | number>) => { data?: Page<T>; isPending: boolean; isError: boolean };
  remove: (id: number) => Promise<void>;
  /** Queries a delete changes (the list, and the other catalogue list counting these rows). */
  invalidates: readonly QueryKey[];
  /** The create (no row) or edit dialog. */
  form: (row: T | undefined, onClose: () => void) => ReactNode;
  minWidth?: number;
}

/**
 * One platform catalogue (models, manufacturers, vendors) on the shared admin list: server-paged, sorted and
 * searched; platform staff create, edit and delete (after the question) its rows, everyone else reads them.
 */
export function CataloguePanel<T extends Row>(props: CataloguePanelProps<T>) {
  const { t } = useTranslation('adminCatalogue');
  const { usePage, texts } = props;
  const canWrite = useCanWrite(props.flag, true);
  const list = usePageQuery({ size: 10, sortBy: 'name' });
  const query = usePage(list.params);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const remove = useAdminMutation({ mutationFn: props.remove, invalidates: props.invalidates });
  const del = useDeleteConfirm<T>(remove, t(`${texts}.deleted`), t(`${texts}.deleteFailed`));
  return (
    <Stack gap="sm">
      {canWrite ? (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} w="fit-content">
          {t(`${texts}.create`)}
        </Button>
      ) : null}
      <AdminList<T>
        columns={props.columns}
        query={query}
        rowKey={(row) => row.id}
        page={list.page}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        rowActions={
          canWrite
            ? (row) => (
                <CatalogueRowActions name={row.name} onEdit={() => setEditing(row)} onDelete={() => del.ask(row)} />
              )
            : undefined
        }
        minWidth={props.minWidth}
      />
      {editing ? props.form(editing === 'new' ? undefined : editing, () => setEditing(null)) : null}
      <RemoveQuestion modal={del.modal} />
    </Stack>
  );
}
