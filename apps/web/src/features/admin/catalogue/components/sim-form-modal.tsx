import '@mantine/dates/styles.css';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { SIM_TRANSITIONS, type SimCard, type SimStatus, simInputSchema } from '@waymark/contracts/sim';
import { useTranslation } from 'react-i18next';
import { orNull, zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveSim } from '../catalogue.api';
import { catalogueKeys, useAllVendorsQuery } from '../catalogue.queries';

interface Values {
  iccid: string;
  msisdn: string;
  imsi: string;
  status: SimStatus;
  vendorId: string | null;
  dataPlan: string;
  activatedAt: string | null;
  expiresAt: string | null;
}

/** 'YYYY-MM-DD' of an ISO time (DateInput's value), and back to UTC midnight. */
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const iso = (value: string | null) => (value ? `${value.slice(0, 10)}T00:00:00.000Z` : null);

const toInput = (v: Values) => ({
  iccid: v.iccid,
  msisdn: orNull(v.msisdn),
  imsi: orNull(v.imsi),
  status: v.status,
  vendorId: v.vendorId ? Number(v.vendorId) : null,
  dataPlan: orNull(v.dataPlan),
  activatedAt: iso(v.activatedAt),
  expiresAt: iso(v.expiresAt),
});

/** Create or edit a SIM card; the status offers only the moves allowed from the card's current one. */
export function SimFormModal({ sim, onClose }: { sim?: SimCard; onClose: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  const vendors = useAllVendorsQuery();
  const form = useForm<Values>({
    initialValues: {
      iccid: sim?.iccid ?? '',
      msisdn: sim?.msisdn ?? '',
      imsi: sim?.imsi ?? '',
      status: sim?.status ?? 'IN_STOCK',
      vendorId: sim?.vendorId ? String(sim.vendorId) : null,
      dataPlan: sim?.dataPlan ?? '',
      activatedAt: day(sim?.activatedAt ?? null),
      expiresAt: day(sim?.expiresAt ?? null),
    },
    // the contract's texts name the rule (check digit, 15 digits…); the ICCID, MSISDN and IMSI ones are shown
    validate: zodValidate(simInputSchema, toInput, (issue) => {
      const field = String(issue.path[0]);
      if (field === 'expiresAt') return t('sims.expiryBeforeActivation');
      return t(`sims.problems.${field}`, { defaultValue: t('invalid') });
    }),
  });
  const statuses: SimStatus[] = sim ? [sim.status, ...SIM_TRANSITIONS[sim.status]] : ['IN_STOCK', 'ACTIVE'];
  const mutation = useAdminMutation({
    mutationFn: saveSim,
    invalidates: [catalogueKeys.sims()],
    success: sim ? t('sims.updated') : t('sims.created'),
    failure: sim ? t('sims.updateFailed') : t('sims.createFailed'),
    onSuccess: onClose,
  });
  return (
    <AdminFormModal
      opened
      title={sim ? t('sims.edit') : t('sims.create')}
      onClose={onClose}
      submitting={mutation.isPending}
      onSubmit={form.onSubmit((v) => mutation.mutate({ id: sim?.id, input: simInputSchema.parse(toInput(v)) }))}
    >
      <TextInput label={t('sims.iccid')} required inputMode="numeric" data-autofocus {...form.getInputProps('iccid')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('sims.msisdn')} type="tel" {...form.getInputProps('msisdn')} />
        <TextInput label={t('sims.imsi')} inputMode="numeric" {...form.getInputProps('imsi')} />
        <Select
          label={t('sims.status')}
          allowDeselect={false}
          data={statuses.map((s) => ({ value: s, label: t(`simStatus.${s}`) }))}
          {...form.getInputProps('status')}
        />
        <Select
          label={t('sims.vendor')}
          clearable
          searchable
          data={(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
          {...form.getInputProps('vendorId')}
        />
        <TextInput label={t('sims.dataPlan')} {...form.getInputProps('dataPlan')} />
        <span />
        <DateInput
          label={t('sims.activatedAt')}
          clearable
          valueFormat="YYYY-MM-DD"
          {...form.getInputProps('activatedAt')}
        />
        <DateInput
          label={t('sims.expiresAt')}
          clearable
          valueFormat="YYYY-MM-DD"
          {...form.getInputProps('expiresAt')}
        />
      </SimpleGrid>
    </AdminFormModal>
  );
}
