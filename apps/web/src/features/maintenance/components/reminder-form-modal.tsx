import '@mantine/dates/styles.css';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { type MaintenanceDto, reminderInputSchema } from '@waymark/contracts/maintenance';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { useSaveReminderMutation } from '../maintenance.queries';
import { reminderOf } from '../reminder-fields';

interface Values {
  item: string;
  remarks: string;
  sendTo: string;
  expiry: string | null;
}

/** Create or edit a reminder: item, remarks, emails to notify (comma separated) and expiry. */
export function ReminderFormModal({ reminder, onClose }: { reminder?: MaintenanceDto; onClose: () => void }) {
  const { t } = useTranslation('maintenance');
  const save = useSaveReminderMutation();
  const initial = reminder ? reminderOf(reminder) : null;
  const toInput = (v: Values) => ({
    ...(reminder ? { name: v.item.trim() || reminder.name } : {}),
    attributes: {
      ...(reminder?.attributes ?? {}),
      isReminder: true as const,
      item: v.item,
      remarks: v.remarks.trim() || null,
      sendTo: v.sendTo.trim() || null,
      expiry: v.expiry ? dayjs(v.expiry).toISOString() : '',
    },
  });
  const form = useForm<Values>({
    initialValues: {
      item: initial?.item ?? '',
      remarks: initial?.remarks ?? '',
      sendTo: initial?.sendTo ?? '',
      expiry: initial?.expiry ? dayjs(initial.expiry).format('YYYY-MM-DD HH:mm:ss') : null,
    },
    validate: (v) => {
      const errors = zodValidate(reminderInputSchema, toInput, (issue) => {
        const field = issue.path[1];
        return field === 'sendTo'
          ? t('validation.emails')
          : field === 'expiry'
            ? t('validation.date')
            : t('validation.item');
      })(v);
      // attributes.item → item
      return Object.fromEntries(
        Object.entries(errors).map(([key, value]) => [key.replace(/^attributes\./, ''), value]),
      );
    },
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: reminder?.id, input: reminderInputSchema.parse(toInput(v)) },
      notifyOutcome(
        reminder ? t('reminders.updated') : t('reminders.created'),
        reminder ? t('updateFailed') : t('createFailed'),
        onClose,
      ),
    ),
  );
  return (
    <Modal opened onClose={onClose} title={reminder ? t('reminders.edit') : t('reminders.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('reminders.item')} required data-autofocus {...form.getInputProps('item')} />
          <DateTimePicker
            label={t('reminders.expiry')}
            required
            valueFormat="YYYY-MM-DD HH:mm"
            {...form.getInputProps('expiry')}
          />
          <TextInput
            label={t('reminders.sendTo')}
            description={t('reminders.sendToHint')}
            placeholder="fleet@example.com, manager@example.com"
            {...form.getInputProps('sendTo')}
          />
          <Textarea label={t('reminders.remarks')} rows={3} {...form.getInputProps('remarks')} />
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
