import type { Db, Event as EventRow } from '@waymark/db/client';
import { FORWARD_STORED_EVENTS } from '../forwarding/enqueue';
import { ensureEventMonths } from '../history/partitions';

/** A setting's text as a non-negative number of ms, or NULL (SQL). */
const num = (text: string) => `CASE WHEN ${text} ~ '^[0-9]+(\\.[0-9]+)?$' THEN (${text})::float8 END`;

/**
 * deviceInactive: devices whose last update is older than their inherited `inactivityPeriod` (ms: device
 * attributes → group chain → tenant → server → `defaultMs`; 0 = off). Once per inactivity: the lastUpdate it
 * fired for is kept in devices."eventState".inactive, and a new update starts a new inactivity. The marking,
 * the events and their pending-dispatch marks are one statement (atomic); the stored events are returned for
 * dispatchEvents.
 */
export async function sweepInactive(db: Db, defaultMs: number, now = new Date()): Promise<EventRow[]> {
  await ensureEventMonths(db, [now]);
  const rows = await db.$queryRawUnsafe<EventRow[]>(
    `WITH RECURSIVE chain(device, parent, attributes, depth) AS (
       SELECT d.id, g."parentGroupId", g.attributes, 0
         FROM devices d JOIN groups g ON g.id = d."groupId"
        WHERE d."lastUpdate" IS NOT NULL AND NOT d.disabled
       UNION ALL
       SELECT c.device, g."parentGroupId", g.attributes, c.depth + 1
         FROM chain c JOIN groups g ON g.id = c.parent WHERE c.depth < 32),
     from_group AS (
       SELECT DISTINCT ON (device) device, ${num(`attributes->>'inactivityPeriod'`)} AS period
         FROM chain WHERE ${num(`attributes->>'inactivityPeriod'`)} IS NOT NULL ORDER BY device, depth),
     due AS (
       SELECT d.id, COALESCE(${num(`d.attributes->>'inactivityPeriod'`)}, fg.period,
                             ${num(`t.attributes->>'inactivityPeriod'`)},
                             (SELECT ${num(`s.attributes->>'inactivityPeriod'`)} FROM server s WHERE s.id = 1),
                             $1::float8) AS period
         FROM devices d LEFT JOIN from_group fg ON fg.device = d.id LEFT JOIN tenants t ON t.id = d."tenantId"
        WHERE d."lastUpdate" IS NOT NULL AND NOT d.disabled),
     marked AS (
       UPDATE devices d
          SET "eventState" = d."eventState" ||
                jsonb_build_object('inactive', floor(extract(epoch FROM d."lastUpdate") * 1000)::bigint)
         FROM due
        WHERE due.id = d.id AND due.period > 0 AND NOT d.disabled
          AND d."lastUpdate" < ($2::timestamptz AT TIME ZONE 'UTC') - make_interval(secs => due.period / 1000)
          AND (d."eventState"->'inactive') IS DISTINCT FROM
                to_jsonb(floor(extract(epoch FROM d."lastUpdate") * 1000)::bigint)
       RETURNING d.id, d."tenantId", d."positionId", d."lastUpdate", due.period),
     stored AS (
       INSERT INTO events ("tenantId", "deviceId", type, "eventTime", "positionId", attributes)
       SELECT m."tenantId", m.id, 'deviceInactive', $2::timestamptz AT TIME ZONE 'UTC', m."positionId",
              jsonb_build_object('inactivityPeriod', m.period,
                                 'lastUpdate', to_char(m."lastUpdate", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         FROM marked m
       RETURNING id, "tenantId", "deviceId", type, "eventTime", "positionId", "geofenceId", "maintenanceId", attributes),
     pending AS (INSERT INTO pending_dispatches ("eventId") SELECT id FROM stored),
     ${FORWARD_STORED_EVENTS}
     SELECT * FROM stored`,
    defaultMs,
    now.toISOString(),
  );
  return rows;
}
