import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DeviceModel } from '@waymark/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { useDeleteConfirm } from '../../../../lib/use-delete-confirm';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { deleteModel } from '../catalogue.api';
import { catalogueKeys, useModelsQuery } from '../catalogue.queries';
import { localPage } from './local-page';
import { ModelFormModal } from './model-form-modal';
import { useCanWrite } from './use-stock-access';

/** The device models: name, port, protocol, manufacturer and devices using each; platform staff edit them. */
export function ModelsPanel() {
  const { t } = useTranslation('adminCatalogue');
  const canWrite = useCanWrite('VIEW_MODELS', true);
  const list = usePageQuery({ size: 10, sortBy: 'name' });
  const query = useModelsQuery();
  const [editing, setEditing] = useState<DeviceModel | 'new' | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteModel,
    invalidates: [catalogueKeys.models(), catalogueKeys.manufacturers()],
  });
  const del = useDeleteConfirm<DeviceModel>(remove, t('models.deleted'), t('models.deleteFailed'));
  const page = localPage(
    query.data,
    list,
    (m) => `${m.name} ${m.protocol ?? ''} ${m.manufacturerName ?? ''} ${m.port ?? ''}`,
    (m, field) => m[field as keyof DeviceModel] as string | number | null,
  );
  const columns: AdminColumn<DeviceModel>[] = [
    { key: 'name', label: t('models.name'), sortable: true, render: (m) => m.name },
    { key: 'port', label: t('models.port'), sortable: true, render: (m) => m.port ?? t('none') },
    { key: 'protocol', label: t('models.protocol'), sortable: true, render: (m) => m.protocol ?? t('none') },
    {
      key: 'manufacturerName',
      label: t('models.manufacturer'),
      sortable: true,
      render: (m) => m.manufacturerName ?? t('none'),
    },
    { key: 'deviceCount', label: t('models.devices'), sortable: true, render: (m) => m.deviceCount },
  ];
  return (
    <Stack gap="sm">
      {canWrite ? (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} w="fit-content">
          {t('models.create')}
        </Button>
      ) : null}
      <AdminList<DeviceModel>
        columns={columns}
        query={{ data: page, isPending: query.isPending, isError: query.isError }}
        rowKey={(m) => m.id}
        page={page?.page ?? 0}
        onPage={list.setPage}
        sort={list}
        search={list.search}
        onSearch={list.setSearch}
        rowActions={
          canWrite
            ? (m) => (
                <RowActions
                  editLabel={t('editNamed', { name: m.name })}
                  deleteLabel={t('deleteNamed', { name: m.name })}
                  onEdit={() => setEditing(m)}
                  onDelete={() => del.ask(m)}
                />
              )
            : undefined
        }
        minWidth={560}
      />
      {editing ? (
        <ModelFormModal model={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmModal
        {...del.modal}
        title={t('removeItem')}
        message={t('cannotBeUndone')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
