import { Anchor, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Manufacturer, manufacturerInputSchema } from '@waymark/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { orNull, zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import type { AdminColumn } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteManufacturer, saveManufacturer } from '../catalogue.api';
import { catalogueKeys, useManufacturerPageQuery } from '../catalogue.queries';
import { CataloguePanel } from './catalogue-panel';

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
  const columns: AdminColumn<Manufacturer>[] = [
    { key: 'name', label: t('manufacturers.name'), sortable: true, render: (m) => m.name },
    {
      key: 'website',
      label: t('manufacturers.website'),
      sortable: true,
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
    <CataloguePanel<Manufacturer>
      texts="manufacturers"
      flag="VIEW_MODELS"
      columns={columns}
      usePage={useManufacturerPageQuery}
      remove={deleteManufacturer}
      invalidates={[catalogueKeys.manufacturers(), catalogueKeys.models()]}
      form={(manufacturer, onClose) => <ManufacturerFormModal manufacturer={manufacturer} onClose={onClose} />}
      minWidth={480}
    />
  );
}
