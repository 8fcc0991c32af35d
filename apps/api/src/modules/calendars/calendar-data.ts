import { parseCalendar } from '../../calendars/calendar-check';
import { badRequest } from '../../http-error';

const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/**
 * The iCalendar text of a body's `data`: raw text as it is, or base64 (Traccar's clients) decoded. Refused
 * (400 with the parser's reason) when it is not a calendar with at least one readable event.
 */
export function calendarText(data: string): string {
  const trimmed = data.trim();
  let text = trimmed;
  if (!/^BEGIN:VCALENDAR/i.test(trimmed)) {
    if (!BASE64.test(trimmed)) throw badRequest('Invalid calendar: expected iCalendar text or its base64');
    text = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8').trim();
  }
  try {
    parseCalendar(text);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : 'Invalid calendar');
  }
  return text;
}

/** What Traccar returns in `data`: the text, base64-encoded. */
export const calendarData = (text: string) => Buffer.from(text, 'utf8').toString('base64');
