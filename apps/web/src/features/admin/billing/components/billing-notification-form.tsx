import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_NOTIFICATION_TYPES,
  type BillingNotificationDto,
  billingNotificationInputSchema,
} from '@waymark/contracts/billing';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveBillingNotification } from '../billing.api';
import { billingKeys } from '../billing.queries';

interface Values {
  name: string;
  type: string;
  value: number | string;
  enabled: boolean;
}

const toInput = (v: Values) => ({
  name: v.name,
  type: v.type,
  value: Number(v.value),
  status: v.enabled ? 'enabled' : 'disabled',
});

/** Create or edit a billing notification rule; the list reloads after saving. */
export function BillingNotificationForm({ rule, onClose }: { rule?: BillingNotificationDto; onClose: () => void }) {
  const { t } = useTranslation('adminBilling');
  const form = useForm<Values>({
    initialValues: {
      name: rule?.name ?? '',
      type: rule?.type ?? 'DAYS_BEFORE_EXPIRY',
      value: rule?.value ?? 7,
      enabled: rule ? rule.status === 'enabled' : true,
    },
    validate: zodValidate(billingNotificationInputSchema, toInput, (issue) =>
      issue.path[0] === 'name' ? t('subscriptions.validation.required') : t('subscriptions.validation.invalid'),
    ),
  });
  const save = useAdminMutation({
    mutationFn: saveBillingNotification,
    invalidates: [billingKeys.notifications()],
    success: rule ? t('notifications.updated') : t('notifications.created'),
    failure: rule ? t('notifications.updateFailed') : t('notifications.createFailed'),
    onSuccess: onClose,
  });
  const type = form.values.type as (typeof BILLING_NOTIFICATION_TYPES)[number];
  return (
    <AdminFormModal
      opened
      title={rule ? t('notifications.editTitle') : t('notifications.createTitle')}
      onClose={onClose}
      submitting={save.isPending}
      size="md"
      onSubmit={() =>
        form.onSubmit((v) => save.mutate({ id: rule?.id, input: billingNotificationInputSchema.parse(toInput(v)) }))()
      }
    >
      <TextInput label={t('notifications.fields.name')} required data-autofocus {...form.getInputProps('name')} />
      <Select
        label={t('notifications.fields.type')}
        allowDeselect={false}
        data={BILLING_NOTIFICATION_TYPES.map((value) => ({ value, label: t(`notifications.type.${value}`) }))}
        {...form.getInputProps('type')}
      />
      <NumberInput
        label={t(`notifications.valueLabel.${type}`)}
        min={1}
        max={type === 'DEVICE_LIMIT_REACHED' ? 100 : 1000}
        allowDecimal={false}
        {...form.getInputProps('value')}
      />
      <Switch label={t('notifications.fields.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </AdminFormModal>
  );
}
