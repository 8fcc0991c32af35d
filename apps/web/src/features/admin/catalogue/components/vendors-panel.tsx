import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Vendor, vendorInputSchema } from '@waymark/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { orNull, zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import type { AdminColumn } from '../../shared/admin-list';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { deleteVendor, saveVendor } from '../catalogue.api';
import { catalogueKeys, useVendorPageQuery } from '../catalogue.queries';
import { CataloguePanel } from './catalogue-panel';

const FIELDS = ['contact', 'email', 'phone', 'website'] as const;
type Values = { name: string } & Record<(typeof FIELDS)[number], string>;
const toInput = (v: Values) => ({ name: v.name, ...Object.fromEntries(FIELDS.map((f) => [f, orNull(v[f])])) });

function VendorFormModal({ vendor, onClose }: { vendor?: Vendor; onClose: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  const form = useForm<Values>({
    initialValues: {
      name: vendor?.name ?? '',
      contact: vendor?.contact ?? '',
      email: vendor?.email ?? '',
      phone: vendor?.phone ?? '',
      website: vendor?.website ?? '',
    },
    validate: zodValidate(vendorInputSchema, toInput, (issue) =>
      issue.code === 'too_small' ? t('required') : issue.path[0] === 'email' ? t('vendors.badEmail') : t('invalid'),
    ),
  });
  const mutation = useAdminMutation({
    mutationFn: saveVendor,
    invalidates: [catalogueKeys.vendors()],
    success: vendor ? t('vendors.updated') : t('vendors.created'),
    failure: vendor ? t('vendors.updateFailed') : t('vendors.createFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={vendor ? t('vendors.edit') : t('vendors.create')}
      onClose={onClose}
      submitting={mutation.isPending}
      onSubmit={form.onSubmit((v) => mutation.mutate({ id: vendor?.id, input: vendorInputSchema.parse(toInput(v)) }))}
    >
      <TextInput label={t('vendors.name')} required data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('vendors.contact')} {...form.getInputProps('contact')} />
        <TextInput label={t('vendors.email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={t('vendors.phone')} type="tel" {...form.getInputProps('phone')} />
        <TextInput label={t('vendors.website')} type="url" {...form.getInputProps('website')} />
      </SimpleGrid>
    </AdminFormModal>
  );
}

/** The SIM card vendors (carriers) with their contact details and how many cards each supplied. */
export function VendorsPanel() {
  const { t } = useTranslation('adminCatalogue');
  const none = t('none');
  const columns: AdminColumn<Vendor>[] = [
    { key: 'name', label: t('vendors.name'), sortable: true, render: (v) => v.name },
    { key: 'contact', label: t('vendors.contact'), sortable: true, render: (v) => v.contact ?? none },
    { key: 'email', label: t('vendors.email'), sortable: true, render: (v) => v.email ?? none },
    { key: 'phone', label: t('vendors.phone'), render: (v) => v.phone ?? none },
    { key: 'simCount', label: t('vendors.sims'), render: (v) => v.simCount },
  ];
  return (
    <CataloguePanel<Vendor>
      texts="vendors"
      flag="VIEW_VENDORS"
      columns={columns}
      usePage={useVendorPageQuery}
      remove={deleteVendor}
      invalidates={[catalogueKeys.vendors()]}
      form={(vendor, onClose) => <VendorFormModal vendor={vendor} onClose={onClose} />}
    />
  );
}
