import type {
  ScheduledReportAttributes,
  ScheduledReportDto,
  ScheduledReportType,
} from '@waymark/contracts/scheduled-report';
import { scheduledReportAttributesSchema } from '@waymark/contracts/scheduled-report';
import type { ScheduledReport } from '@waymark/db/client';

/** A stored scheduled report's attributes with every key we read filled in (rows written before a key existed). */
export function reportAttributes(row: Pick<ScheduledReport, 'attributes'>): ScheduledReportAttributes {
  const parsed = scheduledReportAttributesSchema.safeParse(row.attributes ?? {});
  return parsed.success ? parsed.data : scheduledReportAttributesSchema.parse({});
}

export function presentScheduledReport(row: ScheduledReport): ScheduledReportDto {
  return {
    id: row.id,
    type: row.type as ScheduledReportType,
    description: row.description,
    calendarId: row.calendarId,
    attributes: reportAttributes(row),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}
