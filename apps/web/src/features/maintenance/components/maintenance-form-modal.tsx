import '@mantine/dates/styles.css';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { type MaintenanceDto, maintenanceInputSchema } from '@waymark/contracts/maintenance';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { preferencesOf } from '../../../lib/preferences';
import { useCurrentUser } from '../../auth/session-context';
import { useSaveMaintenanceMutation } from '../maintenance.queries';
import {
  dateOfEpoch,
  epochOfDate,
  fromDisplay,
  isTimeType,
  MAINTENANCE_TYPES,
  periodUnit,
  toDisplay,
} from '../maintenance-units';

interface Values {
  name: string;
  type: string;
  start: number | string;
  startDate: string | null;
  period: number | string;
}

/** Create or edit a maintenance: what is counted, from when, and how often (in the user's units). */
export function MaintenanceFormModal({ item, onClose }: { item?: MaintenanceDto; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const { distanceUnit } = preferencesOf(useCurrentUser());
  const save = useSaveMaintenanceMutation();
  const type = item?.type ?? 'totalDistance';
  const toInput = (v: Values) => ({
    name: v.name,
    type: v.type,
    start: isTimeType(v.type)
      ? v.startDate
        ? epochOfDate(v.startDate)
        : Number.NaN
      : fromDisplay(v.type, Number(v.start || 0), distanceUnit),
    period: v.period === '' ? Number.NaN : fromDisplay(v.type, Number(v.period), distanceUnit),
    attributes: item?.attributes ?? {},
  });
  const form = useForm<Values>({
    initialValues: {
      name: item?.name ?? '',
      type,
      start: item && !isTimeType(type) ? toDisplay(type, item.start, distanceUnit) : 0,
      startDate: item && isTimeType(type) ? dateOfEpoch(item.start) : null,
      period: item ? toDisplay(type, item.period, distanceUnit) : '',
    },
    validate: (v) => {
      const errors = zodValidate(maintenanceInputSchema, toInput, (issue) =>
        issue.path[0] === 'name' ? t('validation.name') : t('validation.number'),
      )(v);
      if (isTimeType(v.type) && !v.startDate) errors.startDate = t('validation.date');
      if (!errors.period && Number(v.period) <= 0) errors.period = t('validation.notZero');
      return errors;
    },
  });
  const unit = t(`units.${periodUnit(form.values.type, distanceUnit)}`);
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: item?.id, input: maintenanceInputSchema.parse(toInput(v)) },
      notifyOutcome(item ? t('updated') : t('created'), item ? t('updateFailed') : t('createFailed'), onClose),
    ),
  );
  return (
    <Modal opened onClose={onClose} title={item ? t('edit') : t('add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.name')} required data-autofocus {...form.getInputProps('name')} />
          <Select
            label={t('fields.type')}
            allowDeselect={false}
            data={MAINTENANCE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            {...form.getInputProps('type')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isTimeType(form.values.type) ? (
              <DateInput
                label={t('fields.startDate')}
                required
                valueFormat="YYYY-MM-DD"
                {...form.getInputProps('startDate')}
              />
            ) : (
              <NumberInput
                label={t('fields.start', { unit })}
                min={0}
                decimalScale={2}
                {...form.getInputProps('start')}
              />
            )}
            <NumberInput
              label={t('fields.period', { unit })}
              required
              min={0}
              decimalScale={2}
              {...form.getInputProps('period')}
            />
          </SimpleGrid>
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
