import { type ScheduledReportInput, scheduledReportSchema } from '@waymark/contracts/scheduled-report';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchScheduledReports = () => http('/api/reports', { schema: z.array(scheduledReportSchema) });

export const createScheduledReport = (input: ScheduledReportInput) =>
  http('/api/reports', { method: 'POST', body: input, schema: scheduledReportSchema });

export const updateScheduledReport = (id: number, input: ScheduledReportInput) =>
  http(`/api/reports/${id}`, { method: 'PUT', body: { id, ...input }, schema: scheduledReportSchema });

export async function deleteScheduledReport(id: number): Promise<void> {
  await http(`/api/reports/${id}`, { method: 'DELETE' });
}

/** Runs and mails the report now (POST /api/reports/{id}/run). */
export const runScheduledReport = (id: number) =>
  http(`/api/reports/${id}/run`, { method: 'POST', schema: scheduledReportSchema });
