import { z } from 'zod';
import { checkJson, refSchema, text } from './common';
import type { Permission } from './permissions';
import type { ReportType } from './report';
import { REPORT_FORMATS, REPORT_TYPES } from './report';

/**
 * Scheduled reports (Traccar's Report: id, type, description, calendarId, attributes). A scheduled report runs as
 * its owner whenever an occurrence of its calendar starts, and mails the report file to its recipients. Traccar
 * links devices to a report through /api/permissions; here they are attributes of the report, listed below.
 */

/** The report types that can be scheduled: every report except the chart (a picture, not a table). */
export const SCHEDULED_REPORT_TYPES = REPORT_TYPES.filter(
  (t): t is Exclude<ReportType, 'chart'> => t !== 'chart',
) as readonly Exclude<ReportType, 'chart'>[];
export type ScheduledReportType = (typeof SCHEDULED_REPORT_TYPES)[number];

/** The flag that lets a user download, so schedule, a report of each type. */
export const SCHEDULED_REPORT_FLAG: Record<ScheduledReportType, Permission> = {
  route: 'DOWNLOAD_ROUTE_REPORTS',
  events: 'DOWNLOAD_EVENT_REPORTS',
  trips: 'DOWNLOAD_TRIP_REPORTS',
  stops: 'DOWNLOAD_STOP_REPORTS',
  summary: 'DOWNLOAD_SUMMARY_REPORTS',
  combined: 'DOWNLOAD_EVENT_REPORTS',
  geofences: 'DOWNLOAD_EVENT_REPORTS',
};

/** Every flag that allows scheduling some type: the routes and the page let any of them in. */
export const SCHEDULED_REPORT_FLAGS: readonly Permission[] = [...new Set(Object.values(SCHEDULED_REPORT_FLAG))];

/**
 * The period a run covers, ending at the run: the previous local day, the previous Monday-to-Sunday week or the
 * previous calendar month (days of the owner's time zone), or everything since the report's last run (its
 * creation, the first time).
 */
export const SCHEDULED_REPORT_PERIODS = ['previousDay', 'previousWeek', 'previousMonth', 'sinceLastRun'] as const;
export type ScheduledReportPeriod = (typeof SCHEDULED_REPORT_PERIODS)[number];

/** The most devices, groups and recipients one scheduled report names. */
export const SCHEDULED_REPORT_MAX_DEVICES = 500;
export const SCHEDULED_REPORT_MAX_GROUPS = 100;
export const SCHEDULED_REPORT_MAX_RECIPIENTS = 20;

const idList = (max: number, what: string) =>
  z
    .array(refSchema)
    .max(max, `at most ${max} ${what}`)
    .transform((ids) => [...new Set(ids)]);

/** The attributes a scheduled report understands; other keys are kept as given (Traccar's free attributes). */
export const scheduledReportAttributesSchema = z
  .looseObject({
    deviceIds: idList(SCHEDULED_REPORT_MAX_DEVICES, 'devices')
      .default([])
      .describe('devices of the report; with groupIds empty too, every device the owner sees'),
    groupIds: idList(SCHEDULED_REPORT_MAX_GROUPS, 'groups')
      .default([])
      .describe('groups whose devices (and subgroups’ devices) the report covers'),
    format: z
      .enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}` })
      .default('xlsx')
      .describe('the attached file'),
    recipients: z
      .array(z.email('recipients must be email addresses').max(254))
      .max(SCHEDULED_REPORT_MAX_RECIPIENTS, `at most ${SCHEDULED_REPORT_MAX_RECIPIENTS} recipients`)
      .default([])
      .describe('addresses the report is mailed to; empty: the owner'),
    period: z
      .enum(SCHEDULED_REPORT_PERIODS, { error: `period must be one of ${SCHEDULED_REPORT_PERIODS.join(', ')}` })
      .default('sinceLastRun')
      .describe('what each run covers'),
    disabled: z.boolean().default(false).describe('a disabled report is kept but never runs by itself'),
  })
  .superRefine(checkJson);
export type ScheduledReportAttributes = z.infer<typeof scheduledReportAttributesSchema>;

/** A scheduled report as the API answers it. */
export const scheduledReportSchema = z.object({
  id: z.number().int(),
  type: z.enum(SCHEDULED_REPORT_TYPES),
  description: z.string(),
  calendarId: z.number().int(),
  attributes: z
    .object({
      deviceIds: z.array(z.number().int()),
      groupIds: z.array(z.number().int()),
      format: z.enum(REPORT_FORMATS),
      recipients: z.array(z.string()),
      period: z.enum(SCHEDULED_REPORT_PERIODS),
      disabled: z.boolean(),
    })
    .catchall(z.unknown()),
  /** our extension: when it last ran (ISO-8601), null before its first run */
  lastRunAt: z.string().nullable(),
  /** our extension: why its last attempt failed, null when it did not */
  lastError: z.string().nullable(),
});
export type ScheduledReportDto = z.infer<typeof scheduledReportSchema>;

/** POST /api/reports and PUT /api/reports/{id} (Traccar sends the whole object, id included, on PUT). */
export const scheduledReportInputSchema = z.object({
  id: z.number().int().optional().describe('ignored: the path names the report'),
  type: z.enum(SCHEDULED_REPORT_TYPES, {
    error: `type must be one of ${SCHEDULED_REPORT_TYPES.join(', ')}`,
  }),
  description: text().trim().min(1, 'description is required').max(128),
  calendarId: refSchema.describe('the calendar whose occurrences start a run'),
  attributes: scheduledReportAttributesSchema.prefault({}),
});
export type ScheduledReportInput = z.infer<typeof scheduledReportInputSchema>;

/** The user attribute that opts a user in to the daily summary mail (yesterday's summary per device). */
export const DAILY_SUMMARY_ATTRIBUTE = 'mail.dailySummary';
