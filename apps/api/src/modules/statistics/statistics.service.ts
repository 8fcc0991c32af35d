import type { Statistics, statisticsQuerySchema } from '@waymark/contracts/report';
import type { z } from 'zod';
import { badRequest } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';

type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const DAY_MS = 86_400_000;
/** The longest period GET /api/statistics answers, in days (a row per day). */
export const STATISTICS_MAX_DAYS = 366;

interface Row {
  day: Date;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  activeUsers: number;
  activeDevices: number;
}

/**
 * One row per UTC day from `from`'s day to `to`'s day (today at the latest), days without counts as zeros: the counters the API nodes
 * flushed, the distinct users who made requests that day (kept on the row at each flush), and the devices whose
 * positions fell in it (from the hour tallies the pipeline keeps, so no scan of positions).
 */
export async function serverStatistics(auth: AuthContext, q: StatisticsQuery): Promise<Statistics[]> {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (from > to) throw badRequest('from must not be after to');
  if (to - from > STATISTICS_MAX_DAYS * DAY_MS)
    throw badRequest(`The period is longer than ${STATISTICS_MAX_DAYS} days`);
  // days still to come have nothing to count: the period ends today at the latest
  const end = Math.min(to, Date.now());
  if (from > end) return [];
  const first = new Date(from - (from % DAY_MS)).toISOString();
  const last = new Date(end - (end % DAY_MS)).toISOString();
  const rows = await auth.db.$queryRaw<Row[]>`
    WITH days AS (
      SELECT generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') AS day
    ),
    devices AS (
      SELECT date_trunc('day', hour) AS day, count(DISTINCT "deviceId")::int AS n FROM activity_hours
      WHERE hour >= ${first}::timestamp AND hour < ${last}::timestamp + interval '1 day' GROUP BY 1
    )
    SELECT d.day,
      coalesce(s.requests, 0) AS requests,
      coalesce(s."messagesReceived", 0) AS "messagesReceived",
      coalesce(s."messagesStored", 0) AS "messagesStored",
      coalesce(s."mailSent", 0) AS "mailSent",
      coalesce(s."smsSent", 0) AS "smsSent",
      coalesce(s."geocoderRequests", 0) AS "geocoderRequests",
      coalesce(s."geolocationRequests", 0) AS "geolocationRequests",
      coalesce(s."activeUsers", 0) AS "activeUsers",
      coalesce(a.n, 0) AS "activeDevices"
    FROM days d
    LEFT JOIN statistics s ON s."captureTime" = d.day
    LEFT JOIN devices a ON a.day = d.day
    ORDER BY d.day`;
  return rows.map(({ day, ...counts }) => ({ captureTime: asUtc(day).toISOString(), ...counts }));
}

/** A timestamp without time zone read back: the driver may give it in local time; its fields are UTC's. */
function asUtc(d: Date | string): Date {
  return typeof d === 'string' ? new Date(`${d.replace(' ', 'T')}Z`) : d;
}
