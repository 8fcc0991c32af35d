import { describe, expect, it } from 'vitest';
import {
  decodeData,
  encodeData,
  icsProblem,
  icsToSchedule,
  monthCoverage,
  type Schedule,
  scheduleToIcs,
} from './calendar-ics';

const schedule = (patch: Partial<Schedule> = {}): Schedule => ({
  start: '2026-03-02T08:00',
  end: '2026-03-02T17:30',
  zone: 'Europe/Athens',
  repeat: null,
  interval: 1,
  days: [],
  until: null,
  ...patch,
});

describe('calendar iCalendar text', () => {
  it('writes one event in its zone, with a rule when it repeats, and reads it back', () => {
    const once = scheduleToIcs(schedule(), 'u1');
    expect(once).toContain('DTSTART;TZID=Europe/Athens:20260302T080000\r\n');
    expect(once).toContain('DTEND;TZID=Europe/Athens:20260302T173000\r\n');
    expect(once).not.toContain('RRULE');
    expect(icsToSchedule(once)).toEqual(schedule());

    const weekly = schedule({ repeat: 'weekly', interval: 2, days: ['FR', 'MO'], until: '2026-06-30' });
    const text = scheduleToIcs(weekly, 'u2');
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20260630T235959Z\r\n');
    expect(icsToSchedule(text)).toEqual({ ...weekly, days: ['MO', 'FR'] });
    const monthly = schedule({ repeat: 'monthly' });
    expect(icsToSchedule(scheduleToIcs(monthly))).toEqual(monthly);
  });

  it('leaves to the text editor what the form cannot show', () => {
    const event = (lines: string) =>
      `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260302T080000Z\r\nDTEND:20260302T090000Z\r\n${lines}END:VEVENT\r\nEND:VCALENDAR\r\n`;
    expect(icsToSchedule(event(''))).toMatchObject({ zone: 'UTC', start: '2026-03-02T08:00' });
    expect(icsToSchedule(event('RRULE:FREQ=DAILY;COUNT=3\r\n'))).toBeNull();
    expect(icsToSchedule(event('RRULE:FREQ=MONTHLY;BYDAY=1MO\r\n'))).toBeNull();
    expect(icsToSchedule(event('RRULE:FREQ=YEARLY\r\n'))).toBeNull();
    expect(icsToSchedule(event('EXDATE:20260303T080000Z\r\nRRULE:FREQ=DAILY\r\n'))).toBeNull();
    expect(icsToSchedule('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toBeNull();
  });

  it('says why a text is not a calendar', () => {
    expect(icsProblem(scheduleToIcs(schedule()))).toBeNull();
    expect(icsProblem('BEGIN:VCALENDAR\r\nEND:VCALENDAR')).toMatch(/VEVENT/);
    expect(icsProblem('hello')).toBeTruthy();
  });

  it('encodes the data as base64 of UTF-8, as Traccar', () => {
    const text = 'SUMMARY:Ημερολόγιο';
    expect(encodeData(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(decodeData(encodeData(text))).toBe(text);
  });

  it('finds the covered days and hours of a month', () => {
    const weekdays = scheduleToIcs(
      schedule({
        start: '2026-03-02T22:00',
        end: '2026-03-03T06:00',
        repeat: 'weekly',
        days: ['MO', 'WE'],
        until: '2026-03-11',
      }),
    );
    const march = monthCoverage(weekdays, 2026, 3);
    // Mondays and Wednesdays from 22:00 to 06:00 the next morning, until 11 March
    expect([...march.keys()]).toEqual([2, 3, 4, 5, 9, 10, 11, 12]);
    expect(march.get(2)).toEqual([{ from: 22 * 60, to: 1440 }]);
    expect(march.get(3)).toEqual([{ from: 0, to: 6 * 60 }]);
    expect(monthCoverage(weekdays, 2026, 4).size).toBe(0);
    const daily = scheduleToIcs(
      schedule({ start: '2026-01-31T00:00', end: '2026-02-01T00:00', repeat: 'daily', interval: 3 }),
    );
    const february = monthCoverage(daily, 2026, 2);
    expect([...february.keys()].slice(0, 4)).toEqual([3, 6, 9, 12]);
    expect(february.get(3)).toEqual([{ from: 0, to: 1440 }]);
    expect(monthCoverage(scheduleToIcs(schedule()), 2026, 3).get(2)).toEqual([{ from: 480, to: 1050 }]);
  });
});
