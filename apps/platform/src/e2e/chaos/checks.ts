import type { Db } from '@waymark/db/client';
import type { TrackerRecord } from '@waymark/ingest/testing/resending-trackers';

/** What the chaos run found, per check, summed over the devices (and the devices concerned). */
export interface ChaosCounts {
  acked: number;
  stored: number;
  /** acknowledged positions not stored */
  lost: number;
  /** positions stored more than once (the extra rows) */
  doubled: number;
  /** positions stored after (by id) a position of the same device with a later fix time */
  outOfOrder: number;
  /** stored positions the tracker never got an ack for (in flight at a crash or at the end): not an error */
  storedUnacked: number;
  /** fix times with an SOS among the stored positions */
  alarmPositions: number;
  alarmEvents: number;
  /** stored alarm positions without their alarm event */
  alarmEventsMissing: number;
  /** events beyond the first of one device, type and position fix time */
  duplicateEvents: number;
  /** the duplicated events by type */
  duplicateEventTypes: Record<string, number>;
  /** outbox rows of the webhook rule, and how many are sent */
  deliveries: number;
  deliveriesSent: number;
  /** claimed by an API that was killed before it sent them: sent by another once their lease lapses (5 min) */
  deliveriesLeased: number;
  /** alarm events with no delivery row */
  notificationsMissing: number;
  /** webhook posts received, and those beyond the first for one event */
  webhookPosts: number;
  notificationsDoubled: number;
  /** devices with any lost, doubled, out-of-order or duplicate finding */
  devicesWithFindings: string[];
}

interface Row {
  uniqueId: string;
  fixTime: Date;
  alarm: string | null;
}

export async function checkRun(
  db: Db,
  records: readonly TrackerRecord[],
  webhookPosts: ReadonlyMap<number, number>,
): Promise<ChaosCounts> {
  const uniqueIds = records.map((r) => r.uniqueId);
  const rows = await db.$queryRaw<Row[]>`
    SELECT d."uniqueId", p."fixTime", p.attributes::jsonb ->> 'alarm' AS alarm
      FROM positions p JOIN devices d ON d.id = p."deviceId"
     WHERE d."uniqueId" = ANY(${uniqueIds})
     ORDER BY p.id`;
  const byDevice = new Map<string, Row[]>();
  for (const row of rows) byDevice.set(row.uniqueId, [...(byDevice.get(row.uniqueId) ?? []), row]);

  const counts: ChaosCounts = {
    acked: 0,
    stored: rows.length,
    lost: 0,
    doubled: 0,
    outOfOrder: 0,
    storedUnacked: 0,
    alarmPositions: 0,
    alarmEvents: 0,
    alarmEventsMissing: 0,
    duplicateEvents: 0,
    duplicateEventTypes: {},
    deliveries: 0,
    deliveriesSent: 0,
    deliveriesLeased: 0,
    notificationsMissing: 0,
    webhookPosts: 0,
    notificationsDoubled: 0,
    devicesWithFindings: [],
  };
  const flagged = new Set<string>();
  for (const record of records) {
    const stored = byDevice.get(record.uniqueId) ?? [];
    const times = stored.map((r) => r.fixTime.getTime());
    const seen = new Map<number, number>();
    let latest = Number.NEGATIVE_INFINITY;
    for (const t of times) {
      seen.set(t, (seen.get(t) ?? 0) + 1);
      if (t < latest) {
        counts.outOfOrder += 1;
        flagged.add(record.uniqueId);
      }
      latest = Math.max(latest, t);
    }
    const acked = new Set(record.acked);
    counts.acked += acked.size;
    for (const t of acked) {
      if (!seen.has(t)) {
        counts.lost += 1;
        flagged.add(record.uniqueId);
      }
    }
    for (const [t, n] of seen) {
      if (n > 1) {
        counts.doubled += n - 1;
        flagged.add(record.uniqueId);
      }
      if (!acked.has(t)) counts.storedUnacked += 1;
    }
    counts.alarmPositions += new Set(stored.filter((r) => r.alarm).map((r) => r.fixTime.getTime())).size;
  }

  // Events of a position: one of a type per fix. Status events are transitions (they carry the device's latest
  // position, so a device that goes offline, online and offline again before its next fix has two deviceOffline
  // events on one position, rightly): for them a duplicate is the same transition twice in a row.
  const events = await db.$queryRaw<{ uniqueId: string; type: string; n: bigint }[]>`
    SELECT d."uniqueId", e.type, count(*) AS n
      FROM events e JOIN positions p ON p.id = e."positionId" JOIN devices d ON d.id = e."deviceId"
     WHERE d."uniqueId" = ANY(${uniqueIds}) AND e.type NOT IN ('deviceOnline', 'deviceOffline', 'deviceUnknown')
     GROUP BY d."uniqueId", e.type, p."fixTime"
    UNION ALL
    SELECT d."uniqueId", s.type, count(*) + 1 AS n
      FROM (SELECT "deviceId", type, lag(type) OVER (PARTITION BY "deviceId" ORDER BY id) AS previous
              FROM events WHERE type IN ('deviceOnline', 'deviceOffline', 'deviceUnknown')) s
      JOIN devices d ON d.id = s."deviceId"
     WHERE d."uniqueId" = ANY(${uniqueIds}) AND s.type = s.previous
     GROUP BY d."uniqueId", s.type`;
  for (const e of events) {
    if (e.type === 'alarm') counts.alarmEvents += 1;
    if (e.n > 1n) {
      counts.duplicateEvents += Number(e.n) - 1;
      counts.duplicateEventTypes[e.type] = (counts.duplicateEventTypes[e.type] ?? 0) + Number(e.n) - 1;
      flagged.add(e.uniqueId);
    }
  }
  counts.alarmEventsMissing = Math.max(0, counts.alarmPositions - counts.alarmEvents);

  const [delivery] = await db.$queryRaw<{ rows: bigint; sent: bigint; leased: bigint; missing: bigint }[]>`
    SELECT (SELECT count(*) FROM notification_deliveries WHERE channel = 'webhook') AS rows,
           (SELECT count(*) FROM notification_deliveries WHERE channel = 'webhook' AND status = 'SENT') AS sent,
           (SELECT count(*) FROM notification_deliveries
             WHERE channel = 'webhook' AND status = 'PENDING' AND attempts > 0) AS leased,
           (SELECT count(*) FROM events e WHERE e.type = 'alarm'
               AND NOT EXISTS (SELECT 1 FROM notification_deliveries n WHERE n."eventId" = e.id)) AS missing`;
  counts.deliveries = Number(delivery?.rows ?? 0);
  counts.deliveriesSent = Number(delivery?.sent ?? 0);
  counts.deliveriesLeased = Number(delivery?.leased ?? 0);
  counts.notificationsMissing = Number(delivery?.missing ?? 0);
  for (const n of webhookPosts.values()) {
    counts.webhookPosts += n;
    if (n > 1) counts.notificationsDoubled += n - 1;
  }
  counts.devicesWithFindings = [...flagged].sort();
  return counts;
}

/** The findings that fail the run, as text (empty when it passes). */
export function failures(c: ChaosCounts): string[] {
  const out: string[] = [];
  if (c.lost > 0) out.push(`${c.lost} acknowledged positions lost`);
  if (c.doubled > 0) out.push(`${c.doubled} positions stored twice`);
  if (c.outOfOrder > 0) out.push(`${c.outOfOrder} positions out of fix-time order`);
  if (c.duplicateEvents > 0) out.push(`${c.duplicateEvents} duplicated events`);
  if (c.alarmEventsMissing > 0) out.push(`${c.alarmEventsMissing} alarm positions without their event`);
  if (c.notificationsMissing > 0) out.push(`${c.notificationsMissing} alarm events without a notification`);
  if (c.notificationsDoubled > 0) out.push(`${c.notificationsDoubled} notifications delivered more than once`);
  return out;
}
