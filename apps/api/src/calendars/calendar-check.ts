import ICAL from 'ical.js';

/** Bound on the occurrences expanded per event (a minutely rule started years ago stops here). */
const MAX_OCCURRENCES = 200_000;

interface Occurrence {
  /** the occurrence's recurrence id (its unmoved start), epoch ms */
  slot: number;
  start: number;
  end: number;
}

/** One event of a calendar with the occurrences expanded so far (extended lazily as later times are asked). */
interface EventTimeline {
  event: ICAL.Event;
  /** DTSTART's TZID when no VTIMEZONE defines it (ical.js drops it from cloned times) */
  tzid: string | undefined;
  expansion: ICAL.RecurExpansion | null;
  occurrences: Occurrence[];
  done: boolean;
  /** longest (end − slot) seen: how far back an occurrence can still cover a time */
  reachAfter: number;
  /** largest (slot − start) seen: how far an exception moved an occurrence earlier */
  reachBefore: number;
}

/** A parsed iCalendar: its events (exceptions already related to their master), ready for calendarContains. */
export interface ParsedCalendar {
  readonly events: readonly EventTimeline[];
}

/** Epoch ms of an iCalendar time: its own VTIMEZONE, else an IANA TZID known to Intl, else floating as UTC. */
function epochOf(time: ICAL.Time, eventTzid?: string): number {
  const own = (time as unknown as { timezone?: unknown }).timezone;
  const tzid = typeof own === 'string' ? own : eventTzid;
  if (time.zone === ICAL.Timezone.localTimezone && tzid && !time.isDate) {
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    const offset = ianaOffset(tzid, wall);
    if (offset !== null) {
      // A second pass corrects the offset when the first guess crossed a DST change.
      const again = ianaOffset(tzid, wall - offset);
      return wall - (again ?? offset);
    }
  }
  return time.toUnixTime() * 1000;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** Offset (ms, local − UTC) of an IANA zone at an instant, or null when the zone is unknown. */
function ianaOffset(tzid: string, instant: number): number | null {
  let format = formatters.get(tzid);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: tzid,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formatters.set(tzid, format);
  }
  if (!format) return null;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * Parses iCalendar text (VCALENDAR with at least one VEVENT having a DTSTART). Recurrence rules, RDATE/EXDATE
 * and RECURRENCE-ID exceptions are honoured. Throws an Error with a readable message on invalid text.
 */
export function parseCalendar(text: string): ParsedCalendar {
  let root: ICAL.Component;
  try {
    const jcal = ICAL.parse(text.trim());
    if (!Array.isArray(jcal) || typeof jcal[0] !== 'string') throw new Error('expected one VCALENDAR');
    root = new ICAL.Component(jcal as unknown as unknown[]);
  } catch (error) {
    throw new Error(`Invalid calendar: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (root.name !== 'vcalendar') throw new Error('Invalid calendar: expected BEGIN:VCALENDAR');
  const components = root.getAllSubcomponents('vevent');
  if (components.length === 0) throw new Error('Invalid calendar: it has no event (VEVENT)');
  const masters = components.filter((c) => !c.hasProperty('recurrence-id'));
  const exceptions = components.filter((c) => c.hasProperty('recurrence-id'));
  const events: EventTimeline[] = [];
  for (const component of masters) {
    if (!component.hasProperty('dtstart')) throw new Error('Invalid calendar: an event has no DTSTART');
    const uid = component.getFirstPropertyValue('uid');
    const own = exceptions.filter((e) => e.getFirstPropertyValue('uid') === uid);
    const event = new ICAL.Event(component, { exceptions: own });
    const param = component.getFirstProperty('dtstart')?.getParameter('tzid');
    const tzid = typeof param === 'string' ? param : undefined;
    try {
      const start = epochOf(event.startDate, tzid);
      const end = epochOf(event.endDate, tzid);
      if (!Number.isFinite(start) || !Number.isFinite(end)) throw new Error('unreadable start or end');
      if (end < start) throw new Error('an event ends before it starts');
      const expansion = event.isRecurring() ? event.iterator() : null;
      events.push({ event, tzid, expansion, occurrences: [], done: false, reachAfter: 0, reachBefore: 0 });
    } catch (error) {
      throw new Error(`Invalid calendar: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Expand the first occurrence of each event now, so that a broken rule fails here and not on first use.
  for (const timeline of events) {
    try {
      if (timeline.expansion) expandOne(timeline);
    } catch (error) {
      throw new Error(`Invalid calendar: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { events };
}

/** Adds the next occurrence of a recurring event to its timeline; false when there is none. */
function expandOne(timeline: EventTimeline): boolean {
  const expansion = timeline.expansion;
  if (!expansion || timeline.done) return false;
  if (timeline.occurrences.length >= MAX_OCCURRENCES) {
    timeline.done = true;
    return false;
  }
  const next = expansion.next();
  if (!next) {
    timeline.done = true;
    return false;
  }
  const details = timeline.event.getOccurrenceDetails(next);
  const slot = epochOf(next, timeline.tzid);
  const start = epochOf(details.startDate, timeline.tzid);
  const end = epochOf(details.endDate, timeline.tzid);
  timeline.occurrences.push({ slot, start, end });
  timeline.reachAfter = Math.max(timeline.reachAfter, end - slot);
  timeline.reachBefore = Math.max(timeline.reachBefore, slot - start);
  return true;
}

function covers(o: { start: number; end: number }, t: number): boolean {
  // A zero-length event covers its instant; otherwise [start, end).
  return o.end === o.start ? t === o.start : t >= o.start && t < o.end;
}

function recurringOccurrence(timeline: EventTimeline, t: number): Occurrence | null {
  const list = timeline.occurrences;
  try {
    while (!timeline.done && (list.length === 0 || (list.at(-1)?.slot ?? 0) <= t + timeline.reachBefore)) {
      if (!expandOne(timeline)) break;
    }
  } catch {
    // A rule that breaks mid-way keeps the occurrences found so far.
    timeline.done = true;
  }
  // Last occurrence whose slot is at or before t + reachBefore (slots ascend), then walk back while reachable.
  let lo = 0;
  let hi = list.length - 1;
  let index = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.slot ?? 0) <= t + timeline.reachBefore) {
      index = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = index; i >= 0; i--) {
    const o = list[i];
    if (!o || o.slot < t - timeline.reachAfter) break;
    if (covers(o, t)) return o;
  }
  return null;
}

/**
 * The start (epoch ms) of the occurrence that `time` falls in, the latest start when several overlap; null when
 * the calendar does not contain `time`. A scheduled report runs once per occurrence: once per start.
 */
export function occurrenceStart(parsed: ParsedCalendar, time: Date): number | null {
  const t = time.getTime();
  if (!Number.isFinite(t)) return null;
  let latest: number | null = null;
  for (const timeline of parsed.events) {
    const o = timeline.expansion
      ? recurringOccurrence(timeline, t)
      : {
          start: epochOf(timeline.event.startDate, timeline.tzid),
          end: epochOf(timeline.event.endDate, timeline.tzid),
        };
    if (o && covers(o, t) && (latest === null || o.start > latest)) latest = o.start;
  }
  return latest;
}

/** Whether `time` falls inside one occurrence of one of the calendar's events (recurrences expanded). */
export function calendarContains(parsed: ParsedCalendar, time: Date): boolean {
  return occurrenceStart(parsed, time) !== null;
}
