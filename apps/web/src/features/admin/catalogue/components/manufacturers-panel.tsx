import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { type Manufacturer, manufacturerInputSchema } from '@waymark/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { RowActions } from '../../../../components/row-actions';
import { orNull, zodValidate } from '../../../../lib/forms';
import { useDeleteConfirm } from '../../../../lib/use-delete-confirm';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { type AdminColumn, AdminList } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { usePageQuery } from '../../shared/use-page-query';
import { deleteManufacturer, saveManufacturer } from '../catalogue.api';
import { catalogueKeys, useManufacturersQuery } from '../catalogue.queries';
import { localPage } from './local-page';
import { useCanWrite } from './use-stock-access';

const toInput = (v: { name: string; website: string }) => ({ name: v.name, website: orNull(v.website) });

function ManufacturerFormModal({ manufacturer, onClose }: { manufacturer?: Manufacturer; onClose: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  const form = useForm({
    initialValues: { name: manufacturer?.name ?? '', website: manufacturer?.website ?? '' },
    validate: zodValidate(manufacturerInputSchema, toInput, (issue) =>
      issue.code === 'too_small' ? t('required') : t('invalid'),
    ),
  });
  const mutation = useAdminMutation({
    mutationFn: saveManufacturer,
    invalidates: [catalogueKeys.manufacturers(), catalogueKeys.models()],
    success: manufacturer ? t('manufacturers.updated') : t('manufacturers.created'),
    failure: manufacturer ? t('manufacturers.updateFailed') : t('manufacturers.createFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={manufacturer ? t('manufacturers.edit') : t('manufacturers.create')}
      onClose={onClose}
      submitting={mutation.isPending}
      onSubmit={form.onSubmit((v) =>
        mutation.mutate({ id: manufacturer?.id, input: manufacturerInputSchema.parse(toInput(v)) }),
      )}
      size="md"
    >
      <TextInput label={t('manufacturers.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('manufacturers.website')} type="url" {...form.getInputProps('website')} />
    </AdminFormModal>
  );
}

/** The tracker manufacturers and how many models each has. */
export function ManufacturersPanel() {
  const { t } = useTranslation('adminCatalogue');
  const canWrite = useCanWrite('VIEW_MODELS', true);
  const list = usePageQuery({ size: 10, sortBy: 'name' });
  const query = useManufacturersQuery();
  const [editing, setEditing] = useState<Manufacturer | 'new' | null>(null);
  const remove = useAdminMutation({
    mutationFn: deleteManufacturer,
    invalidates: [catalogueKeys.manufacturers(), catalogueKeys.models()],
  });
  const del = useDeleteConfirm<Manufacturer>(remove, t('manufacturers.deleted'), t('manufacturers.deleteFailed'));
  const page = localPage(
    query.data,
    list,
    (m) => `${m.name} ${m.website ?? ''}`,
    (m, field) => m[field as keyof Manufacturer],
  );
  const columns: AdminColumn<Manufacturer>[] = [
    { key: 'name', label: t('manufacturers.name'), sortable: true, render: (m) => m.name },
    {
      key: 'website',
      label: t('manufacturers.website'),
      render: (m) =>
        m.website ? (
          <Anchor href={m.website} target="_blank" rel="noreferrer" size="sm">
            {m.website}
          </Anchor>
        ) : (
          t('none')
        ),
    },
    { key: 'modelCount', label: t('manufacturers.models'), sortable: true, render: (m) => m.modelCount },
  ];
  return (
    <Stack gap="sm">
      {canWrite ? (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} w="fit-content">
          {t('manufacturers.create')}
        </Button>
      ) : null}
      <AdminList<Manufacturer>
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
        minWidth={480}
      />
      {editing ? (
        <ManufacturerFormModal
          manufacturer={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
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
