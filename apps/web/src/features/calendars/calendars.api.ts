import { type CalendarInput, calendarSchema } from '@waymark/contracts/calendar';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchCalendars = () => http('/api/calendars', { schema: z.array(calendarSchema) });

export const createCalendar = (input: CalendarInput) =>
  http('/api/calendars', { method: 'POST', body: input, schema: calendarSchema });

export const updateCalendar = (id: number, input: CalendarInput) =>
  http(`/api/calendars/${id}`, { method: 'PUT', body: input, schema: calendarSchema });

export async function deleteCalendar(id: number): Promise<void> {
  await http(`/api/calendars/${id}`, { method: 'DELETE' });
}
