import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarDto } from '@waymark/contracts/calendar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, json, stubFetch } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { decodeData, encodeData, scheduleToIcs } from '../calendar-ics';
import { CalendarsList } from './calendars-list';

const nightShifts = scheduleToIcs({
  start: '2026-03-02T22:00',
  end: '2026-03-03T06:00',
  zone: 'Europe/Athens',
  repeat: 'weekly',
  interval: 1,
  days: ['MO', 'WE'],
  until: '2026-03-11',
});
const calendar = (overrides: Partial<CalendarDto> = {}): CalendarDto => ({
  id: 2,
  name: 'Night shifts',
  data: encodeData(nightShifts),
  tenantId: 1,
  attributes: {},
  ...overrides,
});
const foreign = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'UID:a',
  'DTSTART:20260310T090000Z',
  'DTEND:20260310T100000Z',
  'RRULE:FREQ=DAILY;COUNT=2',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const covered = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('gridcell')
    .filter((cell) => cell.dataset.covered)
    .map((cell) => cell.getAttribute('aria-label'));

beforeEach(() => {
  notifications.clean();
  // only Date: the timers the components and the library use keep running
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('CalendarsList', () => {
  it('lists calendars with what they cover and draws the chosen one as a month', async () => {
    stubFetch({
      'GET /api/calendars': () =>
        json(200, [calendar(), calendar({ id: 3, name: 'Imported', data: encodeData(foreign) })]),
    });
    renderAt('/calendars', <CalendarsList />);
    expect(await screen.findByText('Every week · Mon, Wed · 22:00–06:00 · until Mar 11, 2026')).toBeTruthy();
    expect(screen.getByText('iCalendar events')).toBeTruthy();
    const shown = screen.getByRole('region', { name: 'Calendar Night shifts' });
    // a repetition begun in the past opens on this month (March 2026 here)
    expect(within(shown).getByRole('grid').getAttribute('aria-label')).toBe('March 2026');
    expect(covered(shown)).toEqual([
      'March 2, 2026: 22:00–24:00',
      'March 3, 2026: 00:00–06:00',
      'March 4, 2026: 22:00–24:00',
      'March 5, 2026: 00:00–06:00',
      'March 9, 2026: 22:00–24:00',
      'March 10, 2026: 00:00–06:00',
      'March 11, 2026: 22:00–24:00',
      'March 12, 2026: 00:00–06:00',
    ]);
    expect(within(shown).getByText('Times in Europe/Athens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Imported' }));
    const imported = screen.getByRole('region', { name: 'Calendar Imported' });
    expect(covered(imported)).toEqual(['March 10, 2026: 09:00–10:00', 'March 11, 2026: 09:00–10:00']);
    fireEvent.click(within(imported).getByRole('button', { name: 'Next month' }));
    expect(within(imported).getByRole('grid').getAttribute('aria-label')).toBe('April 2026');
    expect(covered(imported)).toEqual([]);
  });

  it('creates a recurring calendar on chosen days, drawn while it is edited', async () => {
    const fetchMock = stubFetch({
      'GET /api/calendars': () => json(200, []),
      'POST /api/calendars': ({ body }) => json(200, { id: 9, tenantId: 1, attributes: {}, ...(body as object) }),
    });
    renderAt('/calendars', <CalendarsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add calendar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Office hours' } });
    fireEvent.click(within(dialog).getByText('Recurring'));
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '2030-01-07T08:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '2030-01-07T17:00' } });
    // Monday (the start's day) is chosen; add Friday
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fri' }));
    fireEvent.change(within(dialog).getByLabelText('Until'), { target: { value: '2030-01-31' } });
    await waitFor(() => expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toBe('January 2030'));
    expect(covered(dialog)).toEqual([7, 11, 14, 18, 21, 25, 28].map((day) => `January ${day}, 2030: 08:00–17:00`));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Calendar created successfully')).toBeTruthy();
    const [body] = bodiesOf(fetchMock, 'POST /api/calendars') as Array<{ name: string; data: string }>;
    expect(body?.name).toBe('Office hours');
    const text = decodeData(body?.data ?? '');
    expect(text).toMatch(/DTSTART;TZID=[^:]+:20300107T080000\r\n/);
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20300131T235959Z\r\n');
  });

  it('checks the times and days before saving', async () => {
    const fetchMock = stubFetch({ 'GET /api/calendars': () => json(200, []) });
    renderAt('/calendars', <CalendarsList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add calendar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Recurring'));
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '2030-01-07T08:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '2030-01-07T07:00' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('The end must be after the start')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one day')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'POST /api/calendars')).toHaveLength(0);
  });

  it('edits a calendar the form cannot show as text, and refuses text that is not a calendar', async () => {
    const fetchMock = stubFetch({
      'GET /api/calendars': () => json(200, [calendar({ id: 3, name: 'Imported', data: encodeData(foreign) })]),
      'PUT /api/calendars/3': ({ body }) => json(200, { id: 3, tenantId: 1, attributes: {}, ...(body as object) }),
    });
    renderAt('/calendars', <CalendarsList />);
    fireEvent.click(await screen.findByLabelText('Edit Imported'));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText(/^iCalendar text/) as HTMLTextAreaElement;
    expect(text.value).toBe(foreign);
    fireEvent.change(text, { target: { value: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' } });
    expect(within(dialog).getByText('This text is not a calendar that can be drawn.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is not iCalendar text with an event')).toBeTruthy();
    const changed = foreign.replace('COUNT=2', 'COUNT=3');
    fireEvent.change(text, { target: { value: changed } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Calendar updated successfully')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'PUT /api/calendars/3')).toEqual([{ name: 'Imported', data: encodeData(changed) }]);
  });
});
