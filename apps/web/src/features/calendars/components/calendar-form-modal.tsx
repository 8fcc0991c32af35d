import {
  Chip,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { CalendarDto } from '@waymark/contracts/calendar';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { notifyOutcome } from '../../../lib/notify';
import {
  buildCalendarInput,
  type CalendarDraft,
  type CalendarErrors,
  type CalendarMode,
  draftOf,
  draftText,
  firstMonthOf,
  monthKey,
  switchMode,
  withStart,
} from '../calendar-draft';
import { REPEATS, type Repeat, type Schedule, WEEKDAYS, type Weekday } from '../calendar-ics';
import { useSaveCalendarMutation } from '../calendars.queries';
import { CalendarMonth } from './calendar-month';

const MODES: readonly CalendarMode[] = ['once', 'recurring', 'text'];

/**
 * Create or edit a calendar: one event (start and end), the same event repeated (daily, weekly on chosen days,
 * monthly; until a day), or iCalendar text for anything else; the month grid shows what it covers.
 */
export function CalendarFormModal({ calendar, onClose }: { calendar?: CalendarDto; onClose: () => void }) {
  const { t } = useTranslation('calendars');
  const save = useSaveCalendarMutation();
  const [draft, setDraft] = useState<CalendarDraft>(() => draftOf(calendar));
  const [errors, setErrors] = useState<CalendarErrors>({});
  const { schedule } = draft;

  const update = (patch: Partial<CalendarDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const updateSchedule = (patch: Partial<Schedule>) => update({ schedule: { ...schedule, ...patch } });
  const err = (key: string) => (errors[key] ? t(errors[key] as 'errors.required') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildCalendarInput(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    save.mutate(
      { id: calendar?.id, input: built.input },
      notifyOutcome(calendar ? t('updated') : t('created'), calendar ? t('updateFailed') : t('createFailed'), onClose),
    );
  };

  const text = draftText(draft);
  const initial = firstMonthOf(draft);

  return (
    <Modal opened onClose={onClose} title={calendar ? t('edit') : t('add')} size="xl">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput
              label={t('fields.name')}
              required
              data-autofocus
              value={draft.name}
              onChange={(e) => update({ name: e.currentTarget.value })}
              error={err('name')}
            />
            <SegmentedControl
              aria-label={t('fields.mode')}
              value={draft.mode}
              onChange={(mode) => {
                setDraft((current) => switchMode(current, mode as CalendarMode));
                setErrors({});
              }}
              data={MODES.map((value) => ({ value, label: t(`modes.${value}`) }))}
            />
            {draft.mode === 'text' ? (
              <Textarea
                label={t('fields.text')}
                description={t('textHint')}
                required
                rows={12}
                ff="monospace"
                value={draft.text}
                onChange={(e) => update({ text: e.currentTarget.value })}
                error={err('text')}
              />
            ) : (
              <>
                <SimpleGrid cols={2}>
                  <TextInput
                    type="datetime-local"
                    label={t('fields.start')}
                    required
                    value={schedule.start}
                    onChange={(e) => update(withStart(draft, e.currentTarget.value))}
                    error={err('start')}
                  />
                  <TextInput
                    type="datetime-local"
                    label={t('fields.end')}
                    required
                    value={schedule.end}
                    onChange={(e) => updateSchedule({ end: e.currentTarget.value })}
                    error={err('end')}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t('zoneHint', { zone: schedule.zone })}
                </Text>
                {draft.mode === 'recurring' ? (
                  <>
                    <SimpleGrid cols={2}>
                      <Select
                        label={t('fields.repeat')}
                        data={REPEATS.map((value) => ({ value, label: t(`repeats.${value}`) }))}
                        value={schedule.repeat}
                        onChange={(value) => value && updateSchedule({ repeat: value as Repeat })}
                        allowDeselect={false}
                      />
                      <NumberInput
                        label={t(`fields.interval.${schedule.repeat ?? 'daily'}`)}
                        min={1}
                        max={999}
                        allowDecimal={false}
                        value={schedule.interval}
                        onChange={(value) => updateSchedule({ interval: typeof value === 'number' ? value : 0 })}
                        error={err('interval')}
                      />
                    </SimpleGrid>
                    {schedule.repeat === 'weekly' ? (
                      <Input.Wrapper label={t('fields.days')} error={err('days')}>
                        <Chip.Group
                          multiple
                          value={schedule.days}
                          onChange={(days) =>
                            update({ schedule: { ...schedule, days: days as Weekday[] }, daysFromStart: false })
                          }
                        >
                          <Group gap={4} mt={4}>
                            {WEEKDAYS.map((day) => (
                              <Chip key={day} value={day} size="xs">
                                {t(`weekdays.${day}`)}
                              </Chip>
                            ))}
                          </Group>
                        </Chip.Group>
                      </Input.Wrapper>
                    ) : null}
                    <TextInput
                      type="date"
                      label={t('fields.until')}
                      description={t('untilHint')}
                      value={schedule.until ?? ''}
                      onChange={(e) => updateSchedule({ until: e.currentTarget.value || null })}
                      error={err('until')}
                    />
                  </>
                ) : null}
              </>
            )}
          </Stack>
          <CalendarMonth
            key={monthKey(initial)}
            text={text}
            initial={initial}
            zone={draft.mode === 'text' ? null : schedule.zone}
          />
        </SimpleGrid>
        <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
