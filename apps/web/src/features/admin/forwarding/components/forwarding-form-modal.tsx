import { Alert, Group, NumberInput, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { FORWARDING_QUEUE_MAX, FORWARDING_TYPES, type Forwarding } from '@waymark/contracts/forwarding';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/error-text';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { TenantSelect } from '../../shared/tenant-select';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveForwarding } from '../forwarding.api';
import { forwardingKeys } from '../forwarding.queries';
import { type ForwardingValues, validateForwarding, valuesOf } from '../forwarding-form';

export interface ForwardingFormModalProps {
  /** The target edited; none: a new one. */
  target?: Forwarding;
  /** Platform administrators choose a new target's tenant (none: server-wide); others' go to their tenant. */
  chooseTenant: boolean;
  onClose: () => void;
}

/**
 * Create or edit a forwarding target: the fields of its kind (a webhook's headers, a broker's topic, AMQP's
 * exchange), checked by the shared contract field by field; a refusal of the server (an address it will not
 * reach, a tenant out of reach) shows in the dialog.
 */
export function ForwardingFormModal({ target, chooseTenant, onClose }: ForwardingFormModalProps) {
  const { t } = useTranslation('adminForwarding');
  const describeError = useErrorText();
  const [values, setValues] = useState<ForwardingValues>(() => valuesOf(target));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const withTenant = chooseTenant && !target;
  const save = useAdminMutation({
    mutationFn: saveForwarding,
    invalidates: [forwardingKeys.all],
    success: target ? t('updated') : t('created'),
    onSuccess: onClose,
  });
  const set = <K extends keyof ForwardingValues>(key: K, value: ForwardingValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = () => {
    const checked = validateForwarding(values, withTenant, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: target?.id, input: checked.input });
  };
  const { type } = values;

  return (
    <AdminFormModal
      opened
      title={target ? t('editTitle') : t('createTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
    >
      {save.isError ? (
        <Alert color="red" role="alert" title={t('errors.saveFailed')}>
          {describeError(save.error)}
        </Alert>
      ) : null}
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <Select
        label={t('fields.type')}
        allowDeselect={false}
        data={FORWARDING_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
        value={type}
        onChange={(value) => value && set('type', value as ForwardingValues['type'])}
      />
      <TextInput
        label={t('fields.url')}
        required
        placeholder={t(`urlPlaceholder.${type}`)}
        value={values.url}
        onChange={(e) => set('url', e.currentTarget.value)}
        error={errors.url}
      />
      {type === 'amqp' ? (
        <TextInput
          label={t('fields.exchange')}
          description={t('fields.exchangeHint')}
          value={values.exchange}
          onChange={(e) => set('exchange', e.currentTarget.value)}
          error={errors.exchange}
        />
      ) : null}
      {type === 'webhook' ? (
        <Textarea
          label={t('fields.headers')}
          description={t('fields.headersHint')}
          rows={3}
          value={values.headers}
          onChange={(e) => set('headers', e.currentTarget.value)}
          error={errors.headers}
        />
      ) : (
        <TextInput
          label={t(`fields.topic.${type}`)}
          required
          value={values.topic}
          onChange={(e) => set('topic', e.currentTarget.value)}
          error={errors.topic}
        />
      )}
      <Group gap="lg">
        <Switch
          label={t('fields.positions')}
          checked={values.positions}
          onChange={(e) => set('positions', e.currentTarget.checked)}
        />
        <Switch
          label={t('fields.events')}
          checked={values.events}
          onChange={(e) => set('events', e.currentTarget.checked)}
        />
      </Group>
      {errors.positions ? (
        <Text size="xs" c="red" role="alert">
          {errors.positions}
        </Text>
      ) : null}
      <NumberInput
        label={t('fields.queueLimit')}
        description={t('fields.queueLimitHint')}
        min={1}
        max={FORWARDING_QUEUE_MAX}
        allowDecimal={false}
        thousandSeparator=" "
        value={values.queueLimit}
        onChange={(value) => set('queueLimit', value)}
        error={errors.queueLimit}
      />
      {withTenant ? (
        <TenantSelect
          label={t('fields.tenant')}
          description={t('fields.tenantHint')}
          placeholder={t('serverWide')}
          value={values.tenantId || null}
          onChange={(value) => set('tenantId', value ?? '')}
          error={errors.tenantId}
        />
      ) : target ? (
        <Text size="sm">
          {t('fields.scope')}:{' '}
          {target.tenantId === null
            ? t('serverWide')
            : (target.tenantName ?? t('tenantNumber', { id: target.tenantId }))}
        </Text>
      ) : null}
      <Switch
        label={t('fields.enabled')}
        checked={values.enabled}
        onChange={(e) => set('enabled', e.currentTarget.checked)}
      />
    </AdminFormModal>
  );
}
