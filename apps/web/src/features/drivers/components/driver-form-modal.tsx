import '@mantine/dates/styles.css';
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { type DriverDto, driverInputSchema, GENDERS } from '@waymark/contracts/driver';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { orNull, zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { useSaveDriverMutation } from '../drivers.queries';

const TEXT_FIELDS = ['cardNo', 'cardIssuingPlace', 'personalId', 'icNo', 'mobile'] as const;
const DATE_FIELDS = ['cardIssueDate', 'cardExpirationDate', 'birthday'] as const;

type Values = { uniqueId: string; name: string; gender: string | null } & Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof DATE_FIELDS)[number], string | null>;

/** 'YYYY-MM-DD' of an ISO time, as DateInput takes it. */
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

function toInput(v: Values) {
  return {
    uniqueId: v.uniqueId,
    name: v.name,
    gender: v.gender,
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, orNull(v[key])])),
    ...Object.fromEntries(DATE_FIELDS.map((key) => [key, v[key] || null])),
  };
}

/** Create or edit a driver with the card fields. */
export function DriverFormModal({ driver, onClose }: { driver?: DriverDto; onClose: () => void }) {
  const { t } = useTranslation('drivers');
  const save = useSaveDriverMutation();
  const form = useForm<Values>({
    initialValues: {
      uniqueId: driver?.uniqueId ?? '',
      name: driver?.name ?? '',
      gender: driver?.gender ?? null,
      ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, driver?.[key] ?? ''])) as Record<
        (typeof TEXT_FIELDS)[number],
        string
      >),
      ...(Object.fromEntries(DATE_FIELDS.map((key) => [key, day(driver?.[key])])) as Record<
        (typeof DATE_FIELDS)[number],
        string | null
      >),
    },
    validate: zodValidate(driverInputSchema, toInput, (issue) =>
      issue.code === 'too_small' ? t('validation.required') : t('validation.invalid'),
    ),
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { driver, input: driverInputSchema.parse(toInput(v)) },
      notifyOutcome(driver ? t('updated') : t('created'), driver ? t('updateFailed') : t('createFailed'), onClose),
    ),
  );
  return (
    <Modal opened onClose={onClose} title={driver ? t('edit') : t('add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.name')} required data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label={t('fields.uniqueId')}
              description={t('uniqueIdHint')}
              required
              {...form.getInputProps('uniqueId')}
            />
            <TextInput label={t('fields.cardNo')} {...form.getInputProps('cardNo')} />
            <TextInput label={t('fields.cardIssuingPlace')} {...form.getInputProps('cardIssuingPlace')} />
            <DateInput
              label={t('fields.cardIssueDate')}
              clearable
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('cardIssueDate')}
            />
            <DateInput
              label={t('fields.cardExpirationDate')}
              clearable
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('cardExpirationDate')}
            />
            <Select
              label={t('fields.gender')}
              clearable
              data={GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))}
              {...form.getInputProps('gender')}
            />
            <DateInput
              label={t('fields.birthday')}
              clearable
              valueFormat="YYYY-MM-DD"
              {...form.getInputProps('birthday')}
            />
            <TextInput label={t('fields.personalId')} {...form.getInputProps('personalId')} />
            <TextInput label={t('fields.icNo')} {...form.getInputProps('icNo')} />
            <TextInput label={t('fields.mobile')} type="tel" {...form.getInputProps('mobile')} />
          </SimpleGrid>
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
