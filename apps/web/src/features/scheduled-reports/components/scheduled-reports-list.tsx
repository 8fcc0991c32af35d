import { ActionIcon, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ScheduledReportDto } from '@waymark/contracts/scheduled-report';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ListState } from '../../../components/list-state';
import { ListTable } from '../../../components/list-table';
import { RowActions } from '../../../components/row-actions';
import { notifyOutcome } from '../../../lib/notify';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { useCalendarsQuery } from '../../calendars/calendars.queries';
import {
  useDeleteScheduledReportMutation,
  useRunScheduledReportMutation,
  useScheduledReportsQuery,
} from '../scheduled-reports.queries';
import { ScheduledReportFormModal } from './scheduled-report-form-modal';

type Editing = { report?: ScheduledReportDto } | null;

/** The user's scheduled reports: create, edit, delete (confirmed) and send one now. */
export function ScheduledReportsList() {
  const { t, i18n } = useTranslation('scheduledReports');
  const reports = useScheduledReportsQuery();
  const calendars = useCalendarsQuery();
  const remove = useDeleteScheduledReportMutation();
  const run = useRunScheduledReportMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const del = useDeleteConfirm<ScheduledReportDto>(remove, t('deleted'), t('deleteFailed'));
  const calendarName = (id: number) => calendars.data?.find((c) => c.id === id)?.name ?? `#${id}`;
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : t('never');
  const rows = reports.data ?? [];

  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      <Text c="dimmed">{t('intro')}</Text>
      <ListState
        isPending={reports.isPending}
        isError={reports.isError}
        isEmpty={rows.length === 0}
        noMatch={false}
        loadingLabel={t('loading')}
        errorText={t('loadFailed')}
        emptyText={t('empty')}
        noMatchText={t('empty')}
      >
        {() => (
          <ListTable
            minWidth={760}
            headers={[
              t('fields.description'),
              t('fields.type'),
              t('fields.calendar'),
              t('fields.format'),
              t('fields.period'),
              t('fields.lastRun'),
              t('actions'),
            ]}
          >
            {rows.map((report) => (
              <Table.Tr key={report.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {report.description}
                    {report.attributes.disabled ? (
                      <Badge variant="light" color="gray" size="sm">
                        {t('paused')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{t(`types.${report.type}`)}</Table.Td>
                <Table.Td>{calendarName(report.calendarId)}</Table.Td>
                <Table.Td>{report.attributes.format.toUpperCase()}</Table.Td>
                <Table.Td>{t(`periods.${report.attributes.period}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{when(report.lastRunAt)}</Text>
                  {report.lastError ? (
                    <Text size="xs" c="error">
                      {report.lastError}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t('editNamed', { name: report.description })}
                    deleteLabel={t('deleteNamed', { name: report.description })}
                    onEdit={() => setEditing({ report })}
                    onDelete={() => del.ask(report)}
                  >
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('sendNowNamed', { name: report.description })}
                      title={t('sendNow')}
                      loading={run.isPending && run.variables === report.id}
                      onClick={() => run.mutate(report.id, notifyOutcome(t('sent'), t('sendFailed')))}
                    >
                      <IconSend size={18} />
                    </ActionIcon>
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListState>
      {editing ? <ScheduledReportFormModal report={editing.report} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        {...del.modal}
        title={t('confirmTitle')}
        message={t('confirmText', { name: del.deleting?.description ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
