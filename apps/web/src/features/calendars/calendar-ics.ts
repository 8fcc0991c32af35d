import ICAL from 'ical.js';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const REPEATS = ['daily', 'weekly', 'monthly'] as const;
export type Repeat = (typeof REPEATS)[number];

/**
 * What the calendar form edits: one event, once or repeated. Times are wall-clock text ('YYYY-MM-DDTHH:mm', as a
 * datetime-local input gives them) in `zone`; `until` is the last day ('YYYY-MM-DD') a repetition may start on.
 */
export interface Schedule {
  start: string;
  end: string;
  zone: string;
  repeat: Repeat | null;
  /** every `interval` days, weeks or months */
  interval: number;
  /** weekly: the days it falls on */
  days: Weekday[];
  until: string | null;
}

/** The browser's IANA time zone (what a new calendar's times are entered in). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Calendar data as the API sends and takes it: the iCalendar text, base64 of its UTF-8 bytes. */
export function encodeData(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeData(data: string): string {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** 'YYYY-MM-DDTHH:mm' → iCalendar's 'YYYYMMDDTHHmm00'. */
const icsTime = (wall: string) =>
  `${wall.slice(0, 10).replaceAll('-', '')}T${wall.slice(11, 13)}${wall.slice(14, 16)}00`;

/** The iCalendar text of a schedule: one VEVENT, its times in the schedule's zone, an RRULE when it repeats. */
export function scheduleToIcs(schedule: Schedule, uid = `${Date.now()}@waymark`): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Waymark//Calendar//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `DTSTART;TZID=${schedule.zone}:${icsTime(schedule.start)}`,
    `DTEND;TZID=${schedule.zone}:${icsTime(schedule.end)}`,
  ];
  if (schedule.repeat) {
    const parts = [`FREQ=${schedule.repeat.toUpperCase()}`];
    if (schedule.interval > 1) parts.push(`INTERVAL=${schedule.interval}`);
    if (schedule.repeat === 'weekly' && schedule.days.length > 0) {
      parts.push(`BYDAY=${WEEKDAYS.filter((d) => schedule.days.includes(d)).join(',')}`);
    }
    if (schedule.until) {
      // The end of the last day, written as UTC (iCalendar's rule with a zoned DTSTART) but with the zone's wall
      // clock: the server's reader (ical.js, as here) compares a TZID time without VTIMEZONE by its wall clock,
      // so an occurrence late on the last day is kept whatever the zone's offset.
      parts.push(`UNTIL=${schedule.until.replaceAll('-', '')}T235959Z`);
    }
    lines.push(`RRULE:${parts.join(';')}`);
  }
  lines.push('SUMMARY:Waymark', 'END:VEVENT', 'END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** The calendar's events; throws an Error when the text is not a calendar with an event. */
function eventsOf(text: string): ICAL.Event[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text.trim()) as unknown[]);
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  if (root.name !== 'vcalendar') throw new Error('expected BEGIN:VCALENDAR');
  const components = root.getAllSubcomponents('vevent');
  const masters = components.filter((c) => !c.hasProperty('recurrence-id'));
  if (masters.length === 0 || masters.some((c) => !c.hasProperty('dtstart'))) {
    throw new Error('expected an event (VEVENT) with a start (DTSTART)');
  }
  return masters.map((component) => {
    const uid = component.getFirstPropertyValue('uid');
    const exceptions = components.filter(
      (c) => c.hasProperty('recurrence-id') && c.getFirstPropertyValue('uid') === uid,
    );
    return new ICAL.Event(component, { exceptions });
  });
}

/** Why the text is not a calendar the server takes, or null when it reads. */
export function icsProblem(text: string): string | null {
  try {
    eventsOf(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const wallOf = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;

/**
 * The schedule of a calendar the form can edit: one event, with at most a daily, weekly (on days) or monthly
 * rule and an end date. null for anything else (several events, exceptions, counts…): edited as text.
 */
export function icsToSchedule(text: string): Schedule | null {
  let events: ICAL.Event[];
  try {
    events = eventsOf(text);
  } catch {
    return null;
  }
  const [event] = events;
  if (events.length !== 1 || !event || (event.exceptions && Object.keys(event.exceptions).length > 0)) return null;
  const component = event.component;
  if (component.hasProperty('rdate') || component.hasProperty('exdate')) return null;
  if (component.getAllProperties('rrule').length > 1) return null;
  const start = event.startDate;
  if (start.isDate) return null;
  const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? tzid : start.zone?.tzid === 'UTC' ? 'UTC' : null;
  if (!zone) return null;
  const schedule: Schedule = {
    start: wallOf(start),
    end: wallOf(event.endDate),
    zone,
    repeat: null,
    interval: 1,
    days: [],
    until: null,
  };
  const rule = component.getFirstPropertyValue('rrule');
  if (!rule) return schedule;
  const recur = rule as ICAL.Recur;
  const repeat = recur.freq.toLowerCase() as Repeat;
  const parts = Object.entries(recur.parts).filter(([, value]) => value !== undefined);
  const byDay = recur.parts.BYDAY ?? [];
  if (!REPEATS.includes(repeat) || recur.count) return null;
  if (parts.some(([key]) => key !== 'BYDAY') || (byDay.length > 0 && repeat !== 'weekly')) return null;
  if (!byDay.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))) return null;
  schedule.repeat = repeat;
  schedule.interval = recur.interval || 1;
  schedule.days =
    repeat === 'weekly' ? (byDay.length > 0 ? byDay : [WEEKDAYS[(start.dayOfWeek() + 5) % 7] ?? 'MO']) : [];
  if (recur.until) schedule.until = wallOf(recur.until).slice(0, 10);
  return schedule;
}

/** A covered part of one day: minutes since midnight, [from, to). */
export interface Span {
  from: number;
  to: number;
}

const DAY = 86_400_000;
/** Bound on the occurrences read per event (a minutely rule started years ago stops here). */
const MAX_OCCURRENCES = 50_000;

/** A time's wall clock as if it were UTC: days and minutes without any zone arithmetic. */
const wallMs = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/**
 * What the calendar covers on each day of a month (1-based `month`), in the wall clock of its own times (the
 * zone they are written in): day of month → the covered spans, merged. Throws on text that is not a calendar.
 */
export function monthCoverage(text: string, year: number, month: number): Map<number, Span[]> {
  const monthStart = Date.UTC(year, month - 1, 1);
  const monthEnd = Date.UTC(year, month, 1);
  const intervals: Array<[number, number]> = [];
  for (const event of eventsOf(text)) {
    const add = (start: ICAL.Time, end: ICAL.Time) => {
      const from = wallMs(start);
      // a zero-length event covers its minute
      const to = Math.max(wallMs(end), from + 60_000);
      if (to > monthStart && from < monthEnd) intervals.push([from, to]);
    };
    if (!event.isRecurring()) {
      add(event.startDate, event.endDate);
      continue;
    }
    const expansion = event.iterator();
    for (let i = 0; i < MAX_OCCURRENCES; i += 1) {
      const next = expansion.next();
      if (!next || wallMs(next) >= monthEnd + DAY * 31) break;
      const details = event.getOccurrenceDetails(next);
      add(details.startDate, details.endDate);
    }
  }
  const days = new Map<number, Span[]>();
  const daysInMonth = new Date(monthEnd - DAY).getUTCDate();
  for (let day = 1; day <= daysInMonth; day += 1) {
    const dayStart = monthStart + (day - 1) * DAY;
    const spans = intervals
      .filter(([from, to]) => from < dayStart + DAY && to > dayStart)
      .map(([from, to]) => ({
        from: Math.max(0, (from - dayStart) / 60_000),
        to: Math.min(1440, (to - dayStart) / 60_000),
      }))
      .sort((a, b) => a.from - b.from);
    const merged: Span[] = [];
    for (const span of spans) {
      const last = merged.at(-1);
      if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
      else merged.push({ ...span });
    }
    if (merged.length > 0) days.set(day, merged);
  }
  return days;
}
