import { Alert, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REPORT_FORMATS } from '@waymark/contracts/report';
import {
  SCHEDULED_REPORT_PERIODS,
  SCHEDULED_REPORT_TYPES,
  type ScheduledReportDto,
  type ScheduledReportInput,
  scheduledReportInputSchema,
} from '@waymark/contracts/scheduled-report';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { useCalendarsQuery } from '../../calendars/calendars.queries';
import { useDevicesQuery } from '../../devices/devices.queries';
import { useGroupsQuery } from '../../groups/groups.queries';
import { useSaveScheduledReportMutation } from '../scheduled-reports.queries';

interface Values {
  type: string;
  description: string;
  calendarId: string | null;
  deviceIds: string[];
  groupIds: string[];
  format: string;
  period: string;
  recipients: string;
  disabled: boolean;
}

const lines = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values as the API's input (attributes the form does not show are kept as they were). */
function toInput(v: Values, report?: ScheduledReportDto): unknown {
  return {
    type: v.type,
    description: v.description,
    calendarId: v.calendarId ? Number(v.calendarId) : undefined,
    attributes: {
      ...report?.attributes,
      deviceIds: v.deviceIds.map(Number),
      groupIds: v.groupIds.map(Number),
      format: v.format,
      period: v.period,
      recipients: lines(v.recipients),
      disabled: v.disabled,
    },
  };
}

/** Create or edit a scheduled report: type, description, calendar, devices and groups, format, period, recipients. */
export function ScheduledReportFormModal({ report, onClose }: { report?: ScheduledReportDto; onClose: () => void }) {
  const { t } = useTranslation('scheduledReports');
  const save = useSaveScheduledReportMutation();
  const calendars = useCalendarsQuery();
  const devices = useDevicesQuery();
  const groups = useGroupsQuery();
  const form = useForm<Values>({
    initialValues: {
      type: report?.type ?? 'summary',
      description: report?.description ?? '',
      calendarId: report ? String(report.calendarId) : null,
      deviceIds: (report?.attributes.deviceIds ?? []).map(String),
      groupIds: (report?.attributes.groupIds ?? []).map(String),
      format: report?.attributes.format ?? 'xlsx',
      period: report?.attributes.period ?? 'sinceLastRun',
      recipients: (report?.attributes.recipients ?? []).join('\n'),
      disabled: report?.attributes.disabled ?? false,
    },
    validate: zodValidate(
      scheduledReportInputSchema,
      (v: Values) => toInput(v, report),
      (issue) => {
        const field = issue.path.join('.');
        return field.startsWith('attributes.recipients') ? t('validation.recipients') : t('validation.required');
      },
    ),
  });
  // errors of the recipients list land on the textarea, whichever address was wrong
  const recipientsError = Object.entries(form.errors).find(([key]) => key.startsWith('attributes.recipients'))?.[1];
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: report?.id, input: scheduledReportInputSchema.parse(toInput(v, report)) as ScheduledReportInput },
      notifyOutcome(report ? t('updated') : t('created'), report ? t('updateFailed') : t('createFailed'), onClose),
    ),
  );
  const options = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <Modal opened onClose={onClose} title={report ? t('edit') : t('add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {calendars.data?.length === 0 ? <Alert color="warning">{t('noCalendar')}</Alert> : null}
          <TextInput label={t('fields.description')} required data-autofocus {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('fields.type')}
              allowDeselect={false}
              data={SCHEDULED_REPORT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              {...form.getInputProps('type')}
            />
            <Select
              label={t('fields.calendar')}
              required
              searchable
              data={options(calendars.data)}
              {...form.getInputProps('calendarId')}
            />
            <MultiSelect
              label={t('fields.devices')}
              description={t('hints.devices')}
              searchable
              clearable
              data={options(devices.data)}
              {...form.getInputProps('deviceIds')}
            />
            <MultiSelect
              label={t('fields.groups')}
              searchable
              clearable
              data={options(groups.data)}
              {...form.getInputProps('groupIds')}
            />
            <Select
              label={t('fields.format')}
              allowDeselect={false}
              data={REPORT_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
              {...form.getInputProps('format')}
            />
            <Select
              label={t('fields.period')}
              allowDeselect={false}
              data={SCHEDULED_REPORT_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
              {...form.getInputProps('period')}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.recipients')}
            description={t('hints.recipients')}
            minRows={3}
            {...form.getInputProps('recipients')}
            error={recipientsError}
          />
          <Switch
            label={t('fields.disabled')}
            description={t('hints.disabled')}
            {...form.getInputProps('disabled', { type: 'checkbox' })}
          />
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
