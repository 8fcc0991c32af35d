import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarInput } from '@waymark/contracts/calendar';
import { createCalendar, deleteCalendar, fetchCalendars, updateCalendar } from './calendars.api';

/** Query keys of the calendars feature; notifications and scheduled reports pick from the same list. */
const calendarKeys = {
  all: ['calendars'] as const,
  list: () => [...calendarKeys.all, 'list'] as const,
};

/** GET /api/calendars (any signed-in user reads them). */
export const useCalendarsQuery = () =>
  useQuery({ queryKey: calendarKeys.list(), queryFn: fetchCalendars, staleTime: 60_000 });

export function useSaveCalendarMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CalendarInput }) =>
      id === undefined ? createCalendar(input) : updateCalendar(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useDeleteCalendarMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
