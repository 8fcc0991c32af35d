import type { Event as EventRow, Prisma } from '@waymark/db/client';
import type { ParsedCalendar } from '../calendars/calendar-check';
import { calendarContains, parseCalendar } from '../calendars/calendar-check';
import { tenantProblem } from '../plugins/app/auth-context';

/** A notification rule of a tenant, with what decides whether it applies to an event. */
export interface Rule {
  id: number;
  type: string;
  always: boolean;
  channels: string[];
  commandId: number | null;
  attributes: Record<string, unknown>;
  deviceIds: Set<number>;
  groupIds: Set<number>;
  calendar: { id: number; data: string; updatedAt: Date } | null;
}

/**
 * A tenant's rules, as the dispatch caches them. A deactivated tenant, or one under a deactivated tenant, has
 * none to evaluate: its users may not sign in, so nobody of it is notified (deactivating a tenant forgets every
 * cached rule list, so the check runs on the next load, not on each event). Most tenants have no rule at all, so
 * the tenant's ancestors are read only when it has some.
 */
export async function loadRules(db: Prisma.TransactionClient, tenantId: number | null): Promise<Rule[]> {
  const rows = await db.notification.findMany({
    where: { tenantId },
    include: {
      devices: { select: { deviceId: true } },
      groups: { select: { groupId: true } },
      calendar: { select: { id: true, data: true, updatedAt: true } },
    },
  });
  if (rows.length === 0 || (await tenantProblem(db, { tenantId }))) return [];
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    always: r.always,
    channels: r.channels,
    commandId: r.commandId,
    attributes: (r.attributes ?? {}) as Record<string, unknown>,
    deviceIds: new Set(r.devices.map((d) => d.deviceId)),
    groupIds: new Set(r.groups.map((g) => g.groupId)),
    calendar: r.calendar,
  }));
}

/** The device's group and that group's ancestors (nearest first). */
export async function groupChain(db: Prisma.TransactionClient, groupId: number | null): Promise<number[]> {
  const chain: number[] = [];
  let next = groupId;
  while (next !== null && !chain.includes(next) && chain.length < 32) {
    chain.push(next);
    const group = await db.group.findUnique({ where: { id: next }, select: { parentGroupId: true } });
    next = group?.parentGroupId ?? null;
  }
  return chain;
}

const parsed = new Map<string, ParsedCalendar | null>();

/** Parsed calendars, kept per id and version; an unreadable calendar contains no time. */
function calendarOf(calendar: NonNullable<Rule['calendar']>): ParsedCalendar | null {
  const key = `${calendar.id}:${calendar.updatedAt.getTime()}`;
  if (!parsed.has(key)) {
    if (parsed.size > 500) parsed.clear();
    try {
      parsed.set(key, parseCalendar(calendar.data));
    } catch {
      parsed.set(key, null);
    }
  }
  return parsed.get(key) ?? null;
}

/** The alarm filter of an alarm rule (attributes.alarms, comma-separated): empty lets every alarm through. */
function alarmAllowed(rule: Rule, event: EventRow): boolean {
  if (event.type !== 'alarm') return true;
  const filter = typeof rule.attributes.alarms === 'string' ? rule.attributes.alarms : '';
  const wanted = filter
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (wanted.length === 0) return true;
  const alarm = (event.attributes as Record<string, unknown> | null)?.alarm;
  return typeof alarm === 'string' && alarm.split(',').some((a) => wanted.includes(a.trim()));
}

/** Does the rule apply to this event of a device whose groups (with ancestors) are `groups`? */
export function ruleMatches(rule: Rule, event: EventRow, groups: readonly number[]): boolean {
  if (rule.type !== event.type) return false;
  if (!rule.always && !rule.deviceIds.has(event.deviceId) && !groups.some((g) => rule.groupIds.has(g))) return false;
  if (!alarmAllowed(rule, event)) return false;
  if (rule.calendar) {
    const calendar = calendarOf(rule.calendar);
    if (!calendar || !calendarContains(calendar, event.eventTime)) return false;
  }
  return true;
}
