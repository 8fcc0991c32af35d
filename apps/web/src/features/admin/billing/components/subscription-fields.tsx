import { MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PERMISSIONS } from '@waymark/contracts/permissions';
import {
  CURRENCIES,
  type SubscriptionDto,
  type SubscriptionInput,
  subscriptionInputSchema,
} from '@waymark/contracts/subscription';
import { useTranslation } from 'react-i18next';
import { orNull, zodValidate } from '../../../../lib/forms';

interface Values {
  name: string;
  description: string;
  price: number | string;
  currency: string;
  interval: string;
  deviceLimit: number | string;
  permissions: string[];
}

function toInput(v: Values) {
  return {
    name: v.name,
    description: orNull(v.description),
    priceCents: Math.round(Number(v.price) * 100),
    currency: v.currency,
    interval: v.interval,
    deviceLimit: Number(v.deviceLimit),
    permissions: v.permissions,
  };
}

/** The plan form's state: its values from `plan` (or empty), checked with the contract's schema. */
export function useSubscriptionForm(plan?: SubscriptionDto) {
  const { t } = useTranslation('adminBilling');
  const form = useForm<Values>({
    initialValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      price: plan ? plan.priceCents / 100 : 0,
      currency: plan?.currency ?? 'EUR',
      interval: plan?.interval ?? 'MONTHLY',
      deviceLimit: plan?.deviceLimit ?? -1,
      permissions: plan?.permissions ?? [],
    },
    validate: zodValidate(subscriptionInputSchema, toInput, (issue) =>
      issue.code === 'too_small' && issue.path[0] === 'name'
        ? t('subscriptions.validation.required')
        : t('subscriptions.validation.invalid'),
    ),
  });
  const input = (v: Values): SubscriptionInput => subscriptionInputSchema.parse(toInput(v));
  return { form, input };
}

/** The fields of a subscription plan. */
export function SubscriptionFields({ form }: { form: ReturnType<typeof useSubscriptionForm>['form'] }) {
  const { t } = useTranslation('adminBilling');
  const f = (key: string) => t(`subscriptions.fields.${key}` as never);
  return (
    <Stack gap="sm">
      <TextInput label={f('name')} required data-autofocus {...form.getInputProps('name')} />
      <Textarea label={f('description')} autosize minRows={2} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={f('price')}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          {...form.getInputProps('price')}
          error={form.errors.priceCents}
        />
        <Select
          label={f('currency')}
          data={[...CURRENCIES]}
          allowDeselect={false}
          {...form.getInputProps('currency')}
        />
        <Select
          label={f('interval')}
          allowDeselect={false}
          data={(['MONTHLY', 'QUARTERLY', 'YEARLY'] as const).map((value) => ({
            value,
            label: t(`interval.${value}`),
          }))}
          {...form.getInputProps('interval')}
        />
        <NumberInput
          label={f('deviceLimit')}
          description={f('deviceLimitHint')}
          min={-1}
          allowDecimal={false}
          {...form.getInputProps('deviceLimit')}
        />
      </SimpleGrid>
      <MultiSelect
        label={f('permissions')}
        description={f('permissionsHint')}
        data={PERMISSIONS}
        searchable
        clearable
        {...form.getInputProps('permissions')}
      />
    </Stack>
  );
}
