import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduledReportInput } from '@waymark/contracts/scheduled-report';
import {
  createScheduledReport,
  deleteScheduledReport,
  fetchScheduledReports,
  runScheduledReport,
  updateScheduledReport,
} from './scheduled-reports.api';

/** Query keys of the scheduled reports feature; every key starts with `scheduledReportKeys.all`. */
export const scheduledReportKeys = {
  all: ['scheduled-reports'] as const,
  list: () => [...scheduledReportKeys.all, 'list'] as const,
};

export const useScheduledReportsQuery = () =>
  useQuery({ queryKey: scheduledReportKeys.list(), queryFn: fetchScheduledReports });

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys.all }),
  });
}

export const useSaveScheduledReportMutation = () =>
  useInvalidating(({ id, input }: { id?: number; input: ScheduledReportInput }) =>
    id ? updateScheduledReport(id, input) : createScheduledReport(input),
  );

export const useDeleteScheduledReportMutation = () => useInvalidating(deleteScheduledReport);

export const useRunScheduledReportMutation = () => useInvalidating(runScheduledReport);
