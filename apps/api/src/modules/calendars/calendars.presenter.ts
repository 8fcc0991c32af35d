import type { CalendarDto } from '@waymark/contracts/calendar';
import type { Calendar } from '@waymark/db/client';
import { calendarData } from './calendar-data';

export function presentCalendar(row: Calendar): CalendarDto {
  return {
    id: row.id,
    name: row.name,
    data: calendarData(row.data),
    tenantId: row.tenantId,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
