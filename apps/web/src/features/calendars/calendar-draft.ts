import type { CalendarDto, CalendarInput } from '@waymark/contracts/calendar';
import {
  browserZone,
  decodeData,
  encodeData,
  icsProblem,
  icsToSchedule,
  type Schedule,
  scheduleToIcs,
  WEEKDAYS,
} from './calendar-ics';

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** once: one event; recurring: one event repeated; text: any iCalendar text (what the form cannot show). */
export type CalendarMode = 'once' | 'recurring' | 'text';

export interface CalendarDraft {
  name: string;
  mode: CalendarMode;
  schedule: Schedule;
  text: string;
  /** the weekly days were set from the start's day (not chosen by hand): they follow a new start */
  daysFromStart?: boolean;
}

/** Error keys (calendars namespace) by field. */
export type CalendarErrors = Record<string, string>;

const pad = (n: number) => String(n).padStart(2, '0');
const wallDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A new calendar: today from 08:00 to 17:00 in the browser's zone. */
function freshSchedule(now: Date): Schedule {
  return {
    start: `${wallDay(now)}T08:00`,
    end: `${wallDay(now)}T17:00`,
    zone: browserZone(),
    repeat: null,
    interval: 1,
    days: [],
    until: null,
  };
}

/** The form's values for a calendar: its one event when the form can show it, else its text. */
export function draftOf(calendar?: CalendarDto, now = new Date()): CalendarDraft {
  if (!calendar) return { name: '', mode: 'once', schedule: freshSchedule(now), text: '' };
  const text = decodeData(calendar.data);
  const schedule = icsToSchedule(text);
  if (!schedule) return { name: calendar.name, mode: 'text', schedule: freshSchedule(now), text };
  return { name: calendar.name, mode: schedule.repeat ? 'recurring' : 'once', schedule, text };
}

/** The weekday ('MO'…) of a wall-clock day. */
function weekdayOf(wall: string) {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number);
  return WEEKDAYS[(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay() + 6) % 7] ?? 'MO';
}

/** A new start; weekly days not chosen by hand follow it to the new start's day (once it is a whole time). */
export function withStart(draft: CalendarDraft, start: string): CalendarDraft {
  const follow = draft.daysFromStart && WALL_TIME.test(start);
  return { ...draft, schedule: { ...draft.schedule, start, days: follow ? [weekdayOf(start)] : draft.schedule.days } };
}

/** A draft switched to another mode: a repetition starts weekly on the start's day; text starts from the form's. */
export function switchMode(draft: CalendarDraft, mode: CalendarMode): CalendarDraft {
  if (mode === 'text') return { ...draft, mode, text: draft.mode === 'text' ? draft.text : draftText(draft) };
  const parsed = draft.mode === 'text' ? icsToSchedule(draft.text) : null;
  const schedule = parsed ?? draft.schedule;
  if (mode === 'once') return { ...draft, mode, schedule: { ...schedule, repeat: null } };
  if (schedule.repeat) return { ...draft, mode, schedule };
  const fromStart = schedule.days.length === 0;
  return {
    ...draft,
    mode,
    schedule: { ...schedule, repeat: 'weekly', days: fromStart ? [weekdayOf(schedule.start)] : schedule.days },
    daysFromStart: fromStart,
  };
}

/** The iCalendar text a draft stands for. */
export function draftText(draft: CalendarDraft): string {
  if (draft.mode === 'text') return draft.text;
  return scheduleToIcs(draft.mode === 'once' ? { ...draft.schedule, repeat: null } : draft.schedule);
}

/** The body of POST or PUT /api/calendars (data: base64 of the text, as Traccar), or the errors by field. */
export function buildCalendarInput(
  draft: CalendarDraft,
): { ok: true; input: CalendarInput } | { ok: false; errors: CalendarErrors } {
  const errors: CalendarErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'errors.required';
  else if (name.length > 128) errors.name = 'errors.tooLong';
  if (draft.mode === 'text') {
    if (!draft.text.trim()) errors.text = 'errors.required';
    else if (icsProblem(draft.text)) errors.text = 'errors.invalidText';
  } else {
    const { start, end, repeat, interval, days, until } = draft.schedule;
    if (!WALL_TIME.test(start)) errors.start = 'errors.required';
    if (!WALL_TIME.test(end)) errors.end = 'errors.required';
    else if (!errors.start && end <= start) errors.end = 'errors.endBeforeStart';
    if (draft.mode === 'recurring') {
      if (!Number.isInteger(interval) || interval < 1 || interval > 999) errors.interval = 'errors.interval';
      if (repeat === 'weekly' && days.length === 0) errors.days = 'errors.days';
      if (until && until < start.slice(0, 10)) errors.until = 'errors.untilBeforeStart';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { name, data: encodeData(draftText(draft)) } };
}

/** A month: its year and 1-based month. */
export interface Month {
  year: number;
  month: number;
}

/** 'YYYY-MM' of a month (sorts as the months do): keys the grid, so that it reopens on a new first month. */
export const monthKey = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The month a calendar is first drawn on: its start's, unless it repeats from an earlier month (then this one's);
 * iCalendar text opens on this month.
 */
export function firstMonthOf(draft: CalendarDraft, now = new Date()): Month {
  const current = { year: now.getFullYear(), month: now.getMonth() + 1 };
  if (draft.mode === 'text') return current;
  const [year, month] = draft.schedule.start.split('-').map(Number);
  if (!year || !month) return current;
  const start = { year, month };
  return draft.mode === 'recurring' && monthKey(start) < monthKey(current) ? current : start;
}
