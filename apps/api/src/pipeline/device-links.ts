import type pg from 'pg';
import type { ParsedCalendar } from '../calendars/calendar-check';
import { calendarContains, parseCalendar } from '../calendars/calendar-check';
import type { CompiledComputed } from '../computed/evaluate';
import { compileComputed } from '../computed/evaluate';
import type { MaintenanceLink } from './event-engine/types';
import type { GeofenceShape } from './geofences';
import { shapeOf } from './geofences';
import type { RouteShape } from './routes';
import { routeShapeOf } from './routes';

/** What is linked to a device (directly, or through its group or that group's parents) that the pipeline needs. */
export interface DeviceLinks {
  geofences: GeofenceShape[];
  /** planned routes whose corridor the device should keep to */
  routes: RouteShape[];
  maintenances: MaintenanceLink[];
  /** computed attributes, compiled, in the order they apply */
  computed: CompiledComputed[];
}

const EMPTY: DeviceLinks = { geofences: [], routes: [], maintenances: [], computed: [] };

interface ComputedRowOf {
  id: number;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

/**
 * Geofences (with their calendar's text), planned routes, maintenances and computed attributes of each device, in
 * one statement.
 */
async function loadLinks(
  client: pg.PoolClient,
  deviceIds: number[],
): Promise<{
  links: Map<number, DeviceLinks>;
  calendars: Map<number, string>;
  computed: Map<number, ComputedRowOf[]>;
}> {
  const links = new Map<number, DeviceLinks>();
  const calendars = new Map<number, string>();
  const computed = new Map<number, ComputedRowOf[]>();
  const { rows } = await client.query({
    name: 'waymark-device-links',
    text: `WITH RECURSIVE chain(device, "groupId", depth) AS (
       SELECT d.id, d."groupId", 0 FROM devices d WHERE d.id = ANY($1::int[]) AND d."groupId" IS NOT NULL
       UNION ALL
       SELECT c.device, g."parentGroupId", c.depth + 1 FROM chain c JOIN groups g ON g.id = c."groupId"
        WHERE g."parentGroupId" IS NOT NULL AND c.depth < 32)
     SELECT 'g' AS kind, l.device, g.id, g.area AS text, g.attributes, g."calendarId" AS calendar, c.data,
                  NULL::float8 AS start, NULL::float8 AS period, NULL::text AS name, NULL::int AS priority
       FROM (SELECT dg."deviceId" AS device, dg."geofenceId" AS id FROM device_geofences dg
              WHERE dg."deviceId" = ANY($1::int[])
             UNION
             SELECT ch.device, gg."geofenceId" FROM chain ch JOIN group_geofences gg ON gg."groupId" = ch."groupId") l
       JOIN geofences g ON g.id = l.id LEFT JOIN calendars c ON c.id = g."calendarId"
     UNION ALL
     SELECT 'r', l.device, r.id, r.area, NULL, NULL, NULL, r.width, NULL, r.name, NULL
       FROM (SELECT dr."deviceId" AS device, dr."routeId" AS id FROM device_routes dr
              WHERE dr."deviceId" = ANY($1::int[])
             UNION
             SELECT ch.device, gr."routeId" FROM chain ch JOIN group_routes gr ON gr."groupId" = ch."groupId") l
       JOIN routes r ON r.id = l.id
     UNION ALL
     SELECT 'm', l.device, m.id, m.type, m.attributes, NULL, NULL, m.start, m.period, NULL, NULL
       FROM (SELECT dm."deviceId" AS device, dm."maintenanceId" AS id FROM device_maintenances dm
              WHERE dm."deviceId" = ANY($1::int[])
             UNION
             SELECT ch.device, gm."maintenanceId" FROM chain ch JOIN group_maintenances gm ON gm."groupId" = ch."groupId") l
       JOIN maintenances m ON m.id = l.id
     UNION ALL
     SELECT 'c', l.device, a.id, a.expression, NULL, NULL, a.type, NULL, NULL, a.attribute, a.priority
       FROM (SELECT dc."deviceId" AS device, dc."attributeId" AS id FROM device_computed_attributes dc
              WHERE dc."deviceId" = ANY($1::int[])
             UNION
             SELECT ch.device, gc."attributeId" FROM chain ch JOIN group_computed_attributes gc ON gc."groupId" = ch."groupId") l
       JOIN computed_attributes a ON a.id = l.id`,
    values: [deviceIds],
  });
  for (const r of rows) {
    let entry = links.get(r.device);
    if (!entry) {
      entry = { geofences: [], routes: [], maintenances: [], computed: [] };
      links.set(r.device, entry);
    }
    if (r.kind === 'c') {
      const list = computed.get(r.device) ?? [];
      list.push({ id: r.id, attribute: r.name, expression: r.text, type: r.data, priority: r.priority });
      computed.set(r.device, list);
    } else if (r.kind === 'r') {
      entry.routes.push(routeShapeOf(r.id, r.name, r.text, r.start));
    } else if (r.kind === 'g') {
      entry.geofences.push(shapeOf(r.id, r.text, r.attributes, r.calendar));
      if (r.calendar !== null && r.data !== null) calendars.set(r.calendar, r.data);
    } else {
      entry.maintenances.push({
        id: r.id,
        type: r.text,
        start: r.start,
        period: r.period,
        attributes: r.attributes ?? {},
      });
    }
  }
  return { links, calendars, computed };
}

const LINK_TTL_MS = 10_000;

/**
 * The devices' links, re-read at most every 10 s per device: a geofence or maintenance linked or changed takes
 * effect within that time, and the hot path reads the links once per device instead of once per batch.
 */
export class DeviceLinkCache {
  private readonly entries = new Map<number, { links: DeviceLinks; at: number }>();
  private readonly calendars = new Map<number, { text: string; parsed: ParsedCalendar | null }>();
  /** compiled once per computed attribute (and again when its definition changes) */
  private readonly compiled = new Map<number, { key: string; compiled: CompiledComputed[] }>();

  private compile(rows: readonly ComputedRowOf[]): CompiledComputed[] {
    const out: CompiledComputed[] = [];
    for (const row of rows) {
      const key = `${row.type}:${row.priority}:${row.attribute}:${row.expression}`;
      let entry = this.compiled.get(row.id);
      if (entry?.key !== key) {
        entry = { key, compiled: compileComputed([row]) };
        if (this.compiled.size > 50_000) this.compiled.clear();
        this.compiled.set(row.id, entry);
      }
      out.push(...entry.compiled);
    }
    return out.sort((a, b) => b.priority - a.priority || a.id - b.id);
  }

  async get(client: pg.PoolClient, deviceIds: number[], now: number): Promise<Map<number, DeviceLinks>> {
    const stale = deviceIds.filter((id) => {
      const e = this.entries.get(id);
      return !e || now - e.at > LINK_TTL_MS;
    });
    if (stale.length > 0) {
      const fresh = await loadLinks(client, stale);
      if (this.entries.size > 200_000) this.entries.clear();
      for (const id of stale) {
        const links = fresh.links.get(id);
        const rows = fresh.computed.get(id);
        if (links && rows) links.computed = this.compile(rows);
        this.entries.set(id, { links: links ?? EMPTY, at: now });
      }
      for (const [id, text] of fresh.calendars) {
        if (this.calendars.get(id)?.text === text) continue;
        let parsed: ParsedCalendar | null = null;
        try {
          parsed = parseCalendar(text);
        } catch {
          parsed = null; // an unreadable calendar allows nothing; the calendar API refuses to store one
        }
        this.calendars.set(id, { text, parsed });
      }
    }
    return new Map(deviceIds.map((id) => [id, this.entries.get(id)?.links ?? EMPTY]));
  }

  /** Whether a geofence's calendar is active at `time`. */
  readonly calendarAllows = (calendarId: number, time: Date): boolean => {
    const calendar = this.calendars.get(calendarId);
    return calendar?.parsed ? calendarContains(calendar.parsed, time) : false;
  };
}
