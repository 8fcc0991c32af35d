import { Checkbox, Group, MultiSelect, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ALARM_TYPES } from '@waymark/contracts/event';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { eventTypeLabel } from '../../alerts/event-label';
import { type NotificationFormValues, validateNotification } from '../notification-form-values';

type Option = { value: string; label: string };

export interface NotificationFormProps {
  initialValues: NotificationFormValues;
  types: readonly string[];
  notificators: readonly string[];
  devices: readonly Option[];
  groups: readonly Option[];
  calendars: readonly Option[];
  commands: readonly Option[];
  saving: boolean;
  onSubmit: (values: NotificationFormValues) => void;
  onCancel: () => void;
}

/** A notification rule: event type, channels, devices (always or chosen), alarms, calendar, saved command. */
export function NotificationForm(props: NotificationFormProps) {
  const { initialValues, types, notificators, devices, groups, calendars, commands, saving, onSubmit, onCancel } =
    props;
  const { t } = useTranslation(['notifications', 'alerts']);
  const { t: ta } = useTranslation('alerts');
  const form = useForm<NotificationFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateNotification(values)).map(([field, key]) => [field, t(`notifications:errors.${key}`)]),
      ),
  });
  const { values } = form;
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <Select
          label={t('notifications:type')}
          required
          searchable
          data-autofocus
          data={types.map((type) => ({ value: type, label: eventTypeLabel(ta, type) }))}
          {...form.getInputProps('type')}
        />
        {values.type === 'alarm' && (
          <MultiSelect
            label={t('notifications:alarms')}
            description={t('notifications:alarmsHint')}
            data={ALARM_TYPES.map((alarm) => ({ value: alarm, label: alarm }))}
            searchable
            clearable
            {...form.getInputProps('alarms')}
          />
        )}
        <Textarea label={t('notifications:description')} rows={2} {...form.getInputProps('description')} />
        <Checkbox.Group label={t('notifications:channels')} required {...form.getInputProps('notificators')}>
          <Group gap="md" mt={6}>
            {notificators.map((channel) => (
              <Checkbox
                key={channel}
                value={channel}
                label={t(`notifications:channel.${channel}`, { defaultValue: channel })}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {values.notificators.includes('command') && (
          <Select
            label={t('notifications:command')}
            required
            data={[...commands]}
            nothingFoundMessage={t('notifications:noCommands')}
            {...form.getInputProps('commandId')}
          />
        )}
        {values.notificators.includes('webhook') && (
          <TextInput
            label={t('notifications:webhookUrl')}
            description={t('notifications:webhookUrlHint')}
            type="url"
            {...form.getInputProps('webhookUrl')}
          />
        )}
        <Switch label={t('notifications:always')} {...form.getInputProps('always', { type: 'checkbox' })} />
        {!values.always && (
          <>
            <MultiSelect
              label={t('notifications:devices')}
              data={[...devices]}
              searchable
              clearable
              nothingFoundMessage={t('notifications:noMatch')}
              {...form.getInputProps('deviceIds')}
            />
            <MultiSelect
              label={t('notifications:groups')}
              data={[...groups]}
              searchable
              clearable
              nothingFoundMessage={t('notifications:noMatch')}
              {...form.getInputProps('groupIds')}
            />
          </>
        )}
        <Select
          label={t('notifications:calendar')}
          placeholder={t('notifications:anyTime')}
          data={[...calendars]}
          clearable
          {...form.getInputProps('calendarId')}
        />
        <FormActions
          cancelLabel={t('notifications:cancel')}
          saveLabel={t('notifications:save')}
          onCancel={onCancel}
          saving={saving}
        />
      </Stack>
    </form>
  );
}
