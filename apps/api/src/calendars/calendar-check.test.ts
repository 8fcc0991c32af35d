import { describe, expect, it } from 'vitest';
import { calendarContains, occurrenceStart, parseCalendar } from './calendar-check';

const wrap = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'UID:e1@test', ...lines, 'END:VEVENT'].join('\r\n');
const at = (iso: string) => new Date(iso);

describe('parseCalendar', () => {
  it('refuses text that is not an iCalendar with an event', () => {
    for (const bad of [
      '',
      'hello',
      'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      'BEGIN:VEVENT\r\nDTSTART:20240101T000000Z\r\nEND:VEVENT',
      wrap(event('SUMMARY:no start')),
      wrap(event('DTSTART:not-a-date', 'DTEND:20240101T010000Z')),
      wrap(event('DTSTART:20240101T100000Z', 'DTEND:20240101T090000Z')),
    ]) {
      expect(() => parseCalendar(bad), bad).toThrow(/Invalid calendar/);
    }
  });

  it('accepts LF line endings and surrounding blank space', () => {
    const text = `\n${wrap(event('DTSTART:20240101T100000Z', 'DTEND:20240101T110000Z')).replaceAll('\r\n', '\n')}\n`;
    expect(parseCalendar(text).events).toHaveLength(1);
  });
});

describe('calendarContains', () => {
  it('a simple event covers [start, end)', () => {
    const cal = parseCalendar(wrap(event('DTSTART:20240101T100000Z', 'DTEND:20240101T110000Z')));
    expect(calendarContains(cal, at('2024-01-01T09:59:59Z'))).toBe(false);
    expect(calendarContains(cal, at('2024-01-01T10:00:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-01-01T10:59:59Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-01-01T11:00:00Z'))).toBe(false);
    expect(calendarContains(cal, at('2024-01-02T10:30:00Z'))).toBe(false);
    expect(calendarContains(cal, new Date(Number.NaN))).toBe(false);
  });

  it('an event given with DURATION, and an all-day event lasting one day', () => {
    const cal = parseCalendar(
      wrap(
        event('DTSTART:20240301T080000Z', 'DURATION:PT30M'),
        event('UID:day@test', 'DTSTART;VALUE=DATE:20240310').replace('UID:e1@test\r\n', ''),
      ),
    );
    expect(calendarContains(cal, at('2024-03-01T08:29:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-03-01T08:31:00Z'))).toBe(false);
    expect(calendarContains(cal, at('2024-03-10T00:00:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-03-10T23:59:59Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-03-11T00:00:00Z'))).toBe(false);
  });

  it('daily recurrence, far from its start, with COUNT and UNTIL ends', () => {
    const daily = parseCalendar(wrap(event('DTSTART:20200101T080000Z', 'DTEND:20200101T170000Z', 'RRULE:FREQ=DAILY')));
    expect(calendarContains(daily, at('2026-07-15T12:00:00Z'))).toBe(true);
    expect(calendarContains(daily, at('2026-07-15T18:00:00Z'))).toBe(false);
    expect(calendarContains(daily, at('2019-12-31T12:00:00Z'))).toBe(false);
    // Asked out of order: the lazily expanded timeline still answers earlier times.
    expect(calendarContains(daily, at('2021-02-03T08:00:00Z'))).toBe(true);
    expect(calendarContains(daily, at('2021-02-03T07:59:59Z'))).toBe(false);

    const counted = parseCalendar(
      wrap(event('DTSTART:20240101T080000Z', 'DTEND:20240101T090000Z', 'RRULE:FREQ=DAILY;COUNT=3')),
    );
    expect(calendarContains(counted, at('2024-01-03T08:30:00Z'))).toBe(true);
    expect(calendarContains(counted, at('2024-01-04T08:30:00Z'))).toBe(false);

    const until = parseCalendar(
      wrap(event('DTSTART:20240101T080000Z', 'DTEND:20240101T090000Z', 'RRULE:FREQ=DAILY;UNTIL=20240102T235959Z')),
    );
    expect(calendarContains(until, at('2024-01-02T08:30:00Z'))).toBe(true);
    expect(calendarContains(until, at('2024-01-03T08:30:00Z'))).toBe(false);
  });

  it('weekly recurrence on chosen days of the week (working hours)', () => {
    // 2024-01-01 is a Monday.
    const cal = parseCalendar(
      wrap(event('DTSTART:20240101T090000Z', 'DTEND:20240101T170000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR')),
    );
    expect(calendarContains(cal, at('2024-05-06T10:00:00Z'))).toBe(true); // Monday
    expect(calendarContains(cal, at('2024-05-07T10:00:00Z'))).toBe(false); // Tuesday
    expect(calendarContains(cal, at('2024-05-08T16:59:00Z'))).toBe(true); // Wednesday
    expect(calendarContains(cal, at('2024-05-10T10:00:00Z'))).toBe(true); // Friday
    expect(calendarContains(cal, at('2024-05-11T10:00:00Z'))).toBe(false); // Saturday
    expect(calendarContains(cal, at('2024-05-10T17:00:00Z'))).toBe(false); // Friday after hours
  });

  it('monthly recurrence, and an overnight occurrence spanning midnight', () => {
    const monthly = parseCalendar(
      wrap(event('DTSTART:20240115T000000Z', 'DTEND:20240116T000000Z', 'RRULE:FREQ=MONTHLY')),
    );
    expect(calendarContains(monthly, at('2024-09-15T12:00:00Z'))).toBe(true);
    expect(calendarContains(monthly, at('2024-09-16T12:00:00Z'))).toBe(false);

    const night = parseCalendar(wrap(event('DTSTART:20240101T220000Z', 'DTEND:20240102T060000Z', 'RRULE:FREQ=DAILY')));
    expect(calendarContains(night, at('2024-03-05T03:00:00Z'))).toBe(true);
    expect(calendarContains(night, at('2024-03-05T12:00:00Z'))).toBe(false);
  });

  it('honours EXDATE and a moved occurrence (RECURRENCE-ID)', () => {
    const cal = parseCalendar(
      wrap(
        event('DTSTART:20240101T080000Z', 'DTEND:20240101T090000Z', 'RRULE:FREQ=DAILY', 'EXDATE:20240103T080000Z'),
        event('RECURRENCE-ID:20240105T080000Z', 'DTSTART:20240105T150000Z', 'DTEND:20240105T160000Z'),
      ),
    );
    expect(calendarContains(cal, at('2024-01-02T08:30:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-01-03T08:30:00Z'))).toBe(false);
    expect(calendarContains(cal, at('2024-01-05T08:30:00Z'))).toBe(false);
    expect(calendarContains(cal, at('2024-01-05T15:30:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-01-06T08:30:00Z'))).toBe(true);
  });

  it('reads times in a TZID, with or without its VTIMEZONE, across a DST change', () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Paris',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const body = event(
      'DTSTART;TZID=Europe/Paris:20240101T090000',
      'DTEND;TZID=Europe/Paris:20240101T100000',
      'RRULE:FREQ=DAILY',
    );
    for (const cal of [parseCalendar(wrap(vtimezone, body)), parseCalendar(wrap(body))]) {
      expect(calendarContains(cal, at('2024-01-10T08:30:00Z'))).toBe(true); // 09:30 CET
      expect(calendarContains(cal, at('2024-01-10T09:30:00Z'))).toBe(false);
      expect(calendarContains(cal, at('2024-07-10T07:30:00Z'))).toBe(true); // 09:30 CEST
      expect(calendarContains(cal, at('2024-07-10T08:30:00Z'))).toBe(false);
    }
  });

  it('a floating time (no zone) is read as UTC', () => {
    const cal = parseCalendar(wrap(event('DTSTART:20240101T100000', 'DTEND:20240101T110000')));
    expect(calendarContains(cal, at('2024-01-01T10:30:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-01-01T11:30:00Z'))).toBe(false);
  });

  it('is true when any of several events covers the time', () => {
    const cal = parseCalendar(
      wrap(
        event('DTSTART:20240101T080000Z', 'DTEND:20240101T090000Z'),
        event('DTSTART:20240201T080000Z', 'DTEND:20240201T090000Z').replace('UID:e1@test', 'UID:e2@test'),
      ),
    );
    expect(calendarContains(cal, at('2024-01-01T08:30:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-02-01T08:30:00Z'))).toBe(true);
    expect(calendarContains(cal, at('2024-03-01T08:30:00Z'))).toBe(false);
  });
});

describe('occurrenceStart', () => {
  it('gives the start of the occurrence covering the time: one per occurrence of a recurring event', () => {
    const cal = parseCalendar(wrap(event('DTSTART:20240101T080000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;COUNT=3')));
    expect(occurrenceStart(cal, at('2024-01-02T08:00:00Z'))).toBe(Date.parse('2024-01-02T08:00:00Z'));
    expect(occurrenceStart(cal, at('2024-01-02T08:59:59Z'))).toBe(Date.parse('2024-01-02T08:00:00Z'));
    expect(occurrenceStart(cal, at('2024-01-02T09:00:00Z'))).toBeNull();
    expect(occurrenceStart(cal, at('2024-01-04T08:30:00Z'))).toBeNull();
  });

  it('takes the latest start when occurrences overlap', () => {
    const cal = parseCalendar(
      wrap(
        event('DTSTART:20240101T000000Z', 'DTEND:20240102T000000Z'),
        event('DTSTART:20240101T120000Z', 'DTEND:20240101T130000Z').replace('UID:e1@test', 'UID:e2@test'),
      ),
    );
    expect(occurrenceStart(cal, at('2024-01-01T12:30:00Z'))).toBe(Date.parse('2024-01-01T12:00:00Z'));
    expect(occurrenceStart(cal, at('2024-01-01T14:00:00Z'))).toBe(Date.parse('2024-01-01T00:00:00Z'));
  });
});

describe('a calendar written by the web app’s form', () => {
  it('repeats until the end of the last day in the wall clock of its zone', () => {
    // Mondays and Wednesdays, 22:00 to 06:00 in Athens (UTC+2 in March), until 11 March (the form's UNTIL)
    const parsed = parseCalendar(
      wrap(
        event(
          'DTSTART;TZID=Europe/Athens:20260302T220000',
          'DTEND;TZID=Europe/Athens:20260303T060000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260311T235959Z',
        ),
      ),
    );
    expect(calendarContains(parsed, at('2026-03-02T20:30:00Z'))).toBe(true);
    expect(calendarContains(parsed, at('2026-03-03T03:59:00Z'))).toBe(true);
    expect(calendarContains(parsed, at('2026-03-03T04:01:00Z'))).toBe(false);
    // the last day's evening is in; the next Monday is not
    expect(calendarContains(parsed, at('2026-03-11T20:30:00Z'))).toBe(true);
    expect(calendarContains(parsed, at('2026-03-16T20:30:00Z'))).toBe(false);
  });
});
