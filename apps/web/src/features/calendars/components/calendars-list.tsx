import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CalendarDto } from '@waymark/contracts/calendar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListHeader } from '../../../components/list-header';
import { ManagedTable } from '../../../components/managed-table';
import { useDeleteConfirm } from '../../../lib/use-delete-confirm';
import { draftOf, firstMonthOf, monthKey } from '../calendar-draft';
import { decodeData, WEEKDAYS } from '../calendar-ics';
import { useCalendarsQuery, useDeleteCalendarMutation } from '../calendars.queries';
import { CalendarFormModal } from './calendar-form-modal';
import { CalendarMonth } from './calendar-month';

type Editing = { calendar?: CalendarDto } | null;

/** What a calendar covers, in a line: its event's times and how it repeats, or that it is iCalendar text. */
function useSummary() {
  const { t, i18n } = useTranslation('calendars');
  const when = (wall: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(`${wall}:00Z`),
    );
  const day = (wall: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${wall}T00:00Z`));
  return (calendar: CalendarDto) => {
    const draft = draftOf(calendar);
    const { start, end, repeat, interval, days, until } = draft.schedule;
    if (draft.mode === 'text') return t('summary.text');
    if (draft.mode === 'once') return `${when(start)} – ${when(end)}`;
    const parts = [t(`summary.${repeat ?? 'daily'}`, { count: interval })];
    if (repeat === 'weekly')
      parts.push(
        WEEKDAYS.filter((d) => days.includes(d))
          .map((d) => t(`weekdays.${d}`))
          .join(', '),
      );
    parts.push(`${start.slice(11)}–${end.slice(11)}`);
    parts.push(until ? t('summary.until', { day: day(until) }) : t('summary.from', { day: day(start.slice(0, 10)) }));
    return parts.join(' · ');
  };
}

/** The calendars: list, create, edit, delete (confirmed), and the chosen one drawn as a month. */
export function CalendarsList() {
  const { t } = useTranslation('calendars');
  const calendars = useCalendarsQuery();
  const remove = useDeleteCalendarMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const del = useDeleteConfirm<CalendarDto>(remove, t('deleted'), t('deleteFailed'));
  const summary = useSummary();
  const rows = calendars.data ?? [];
  const shown = rows.find((c) => c.id === shownId) ?? rows[0];
  const shownDraft = shown ? draftOf(shown) : null;

  const body = (
    <ManagedTable
      namespace="calendars"
      query={calendars}
      rows={rows}
      minWidth={480}
      headers={[t('fields.name'), t('fields.covers')]}
      nameOf={(calendar) => calendar.name}
      onEdit={(calendar) => setEditing({ calendar })}
      onDelete={del.ask}
      rowProps={(calendar) => ({
        bg: calendar.id === shown?.id ? 'var(--mantine-color-default-hover)' : undefined,
      })}
      cells={(calendar) => (
        <>
          <Table.Td>
            <Anchor component="button" type="button" onClick={() => setShownId(calendar.id)}>
              {calendar.name}
            </Anchor>
          </Table.Td>
          <Table.Td>{summary(calendar)}</Table.Td>
        </>
      )}
    />
  );

  const initial = shownDraft ? firstMonthOf(shownDraft) : null;
  return (
    <Stack>
      <ListHeader title={t('title')} addLabel={t('add')} onAdd={() => setEditing({})} />
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {body}
        {shown && shownDraft && initial ? (
          <Paper withBorder p="md" radius="md" aria-label={t('shown', { name: shown.name })} component="section">
            <Title order={4} mb="xs">
              {shown.name}
            </Title>
            <CalendarMonth
              key={`${shown.id}-${shown.data}-${monthKey(initial)}`}
              text={decodeData(shown.data)}
              initial={initial}
              zone={shownDraft.mode === 'text' ? null : shownDraft.schedule.zone}
            />
          </Paper>
        ) : null}
      </SimpleGrid>
      {editing ? <CalendarFormModal calendar={editing.calendar} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        {...del.modal}
        title={t('confirmTitle')}
        message={t('confirmText', { name: del.deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
      />
    </Stack>
  );
}
