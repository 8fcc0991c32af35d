import type { Db, Event as EventRow, Prisma } from '@waymark/db/client';
import type { AppContext } from '../context';
import { onChange } from '../lib/changes';
import { presentEvent } from '../modules/events/events.presenter';
import { channelOf } from './channels/registry';
import type { Recipient } from './channels/types';
import { webMessages } from './compose';
import { wakeOutbox } from './outbox';
import { recipientsByRule } from './recipients';
import type { Rule } from './rules';
import { groupChain, loadRules, ruleMatches } from './rules';

/**
 * Where every stored event goes once its transaction has committed (pipeline events, status events, command
 * results): the tenant's notification rules that match it decide who hears of it and how — `web` pushes an
 * `{"events"}` frame to that user's websockets (best effort, now), every other channel (`command` included)
 * becomes an outbox row for the outbox worker: one per event, user and channel, or per event and saved command.
 * The rows are written in one transaction with the removal of the events' pending-dispatch marks, so each
 * event's deliveries exist exactly once: if this fails or the process dies first, the marks stay and
 * sweepPendingDispatches writes them later. Never throws into the caller.
 */
export async function dispatchEvents(ctx: AppContext, events: readonly EventRow[]): Promise<void> {
  if (events.length === 0) return;
  try {
    const { deliveries, done } = await planDeliveries(ctx, ctx.db, events, true);
    await recordDeliveries(ctx.db, deliveries, done);
    if (deliveries.length > 0) wakeOutbox(ctx);
  } catch (err) {
    ctx.log.warn({ err }, 'events not dispatched (the dispatch sweep retries them)');
  }
}

/**
 * Takes up to `limit` events still marked pending dispatch for at least `olderThanMs` (FOR UPDATE SKIP LOCKED:
 * every API node sweeps) and writes their deliveries, without websocket frames (those are live only). This is
 * what catches the events of a process that died between the pipeline's COMMIT and dispatchEvents. Returns how
 * many marks it took.
 */
export async function sweepPendingDispatches(
  ctx: AppContext,
  options: { olderThanMs?: number; limit?: number } = {},
): Promise<number> {
  const olderThanMs = options.olderThanMs ?? 30_000;
  const limit = options.limit ?? 500;
  let queued = false;
  const taken = await ctx.db.$transaction(
    async (tx) => {
      const marks = await tx.$queryRaw<{ eventId: bigint }[]>`
        SELECT "eventId" FROM pending_dispatches
         WHERE "createdAt" <= LOCALTIMESTAMP - ${olderThanMs} * interval '1 millisecond'
         ORDER BY "eventId"
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED`;
      if (marks.length === 0) return 0;
      const ids = marks.map((m) => m.eventId);
      const events = await tx.event.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
      const { deliveries, done } = await planDeliveries(ctx, tx, events, false);
      // a mark whose event is gone has nothing left to deliver
      const found = new Set(events.map((e) => e.id));
      const finished = [...done, ...ids.filter((id) => !found.has(id))];
      await recordDeliveriesIn(tx, deliveries, finished);
      queued = deliveries.length > 0;
      return marks.length;
    },
    { timeout: 60_000 },
  );
  if (queued) wakeOutbox(ctx);
  return taken;
}

interface DeliveryRow {
  tenantId: number | null;
  eventId: bigint;
  /** the recipient; null on a `command` row, which names the saved command it sends instead */
  userId: number | null;
  channel: string;
  savedCommandId?: number;
  notificationId: number;
}

/** Writes the deliveries and removes the events' marks, in one transaction (one statement when no delivery). */
async function recordDeliveries(db: Db, deliveries: DeliveryRow[], done: bigint[]): Promise<void> {
  const unmark = () => db.pendingDispatch.deleteMany({ where: { eventId: { in: done } } });
  if (deliveries.length === 0) {
    if (done.length > 0) await unmark();
    return;
  }
  await db.$transaction([db.notificationDelivery.createMany({ data: deliveries, skipDuplicates: true }), unmark()]);
}

/** recordDeliveries inside a transaction already open. */
async function recordDeliveriesIn(tx: Prisma.TransactionClient, deliveries: DeliveryRow[], done: bigint[]) {
  if (deliveries.length > 0) await tx.notificationDelivery.createMany({ data: deliveries, skipDuplicates: true });
  if (done.length > 0) await tx.pendingDispatch.deleteMany({ where: { eventId: { in: done } } });
}

/**
 * Each event through its tenant's rules. Returns the outbox rows and the events fully planned (a tenant whose
 * rules could not be read keeps its events marked); publishes `web` frames when `live`.
 */
async function planDeliveries(
  ctx: AppContext,
  db: Prisma.TransactionClient,
  events: readonly EventRow[],
  live: boolean,
): Promise<{ deliveries: DeliveryRow[]; done: bigint[] }> {
  const byTenant = new Map<number | null, EventRow[]>();
  for (const e of events) {
    // platform stock (no tenant) is the platform staff's: their rules and users
    byTenant.set(e.tenantId, [...(byTenant.get(e.tenantId) ?? []), e]);
  }
  const deliveries: DeliveryRow[] = [];
  const done: bigint[] = [];
  for (const [tenantId, rows] of byTenant) {
    try {
      deliveries.push(...(await planTenant(ctx, db, tenantId, rows, live)));
      for (const row of rows) done.push(row.id);
    } catch (err) {
      ctx.log.warn({ err, tenantId }, 'events not dispatched');
    }
  }
  return { deliveries, done };
}

/**
 * A tenant's rules and their recipients, kept RULES_TTL_MS: the pipeline dispatches after every batch that
 * produced events (tens a second), mostly for tenants without a rule. Changes through the API forget them at
 * once on this node (the `notificationRules` change signal); other API nodes see them within RULES_TTL_MS.
 */
const RULES_TTL_MS = 2000;
const rulesCache = new Map<number | null, { at: number; rules: Rule[]; recipients: Map<number, Recipient[]> }>();

async function tenantRules(db: Prisma.TransactionClient, tenantId: number | null) {
  const hit = rulesCache.get(tenantId);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit;
  const rules = await loadRules(db, tenantId);
  const recipients = rules.length > 0 ? await recipientsByRule(db, tenantId, rules) : new Map();
  const entry = { at: Date.now(), rules, recipients };
  if (rulesCache.size > 10_000) rulesCache.clear();
  rulesCache.set(tenantId, entry);
  return entry;
}

/** Drops the cached rules (of one tenant, or all): a rule, a link or a user changed. */
function forgetRules(tenantId: number | null | undefined): void {
  if (tenantId === undefined) rulesCache.clear();
  else rulesCache.delete(tenantId);
}
onChange('notificationRules', forgetRules);

async function planTenant(
  ctx: AppContext,
  db: Prisma.TransactionClient,
  tenantId: number | null,
  events: EventRow[],
  live: boolean,
): Promise<DeliveryRow[]> {
  const { rules, recipients } = await tenantRules(db, tenantId);
  if (rules.length === 0) return [];
  const groupsOf = new Map<number, number[]>();
  const outbox: DeliveryRow[] = [];
  for (const event of events) {
    if (!groupsOf.has(event.deviceId)) {
      const device = await db.device.findUnique({ where: { id: event.deviceId }, select: { groupId: true } });
      groupsOf.set(event.deviceId, await groupChain(db, device?.groupId ?? null));
    }
    const groups = groupsOf.get(event.deviceId) ?? [];
    const matched = rules.filter((r) => ruleMatches(r, event, groups));
    const web = new Map<number, Recipient>();
    const seen = new Set<string>();
    for (const rule of matched) {
      for (const name of rule.channels) {
        const channel = channelOf(name);
        if (!channel?.configured(ctx.env)) continue;
        if (channel.type === 'command') {
          // no recipient: one row per event and saved command
          const key = `command:${rule.commandId}`;
          if (rule.commandId === null || seen.has(key)) continue;
          seen.add(key);
          outbox.push({
            tenantId,
            eventId: event.id,
            userId: null,
            channel: 'command',
            savedCommandId: rule.commandId,
            notificationId: rule.id,
          });
          continue;
        }
        for (const user of recipients.get(rule.id) ?? []) {
          if (channel.type === 'web') {
            web.set(user.id, user);
            continue;
          }
          const key = `${user.id}:${channel.type}`;
          if (seen.has(key)) continue;
          seen.add(key);
          outbox.push({ tenantId, eventId: event.id, userId: user.id, channel: channel.type, notificationId: rule.id });
        }
      }
    }
    if (live && web.size > 0) await publishWeb(ctx, tenantId, event, [...web.values()]);
  }
  return outbox;
}

/**
 * The `web` channel of a live event: an `{"events"}` frame to each recipient's websockets, the event carrying the
 * notification's text in `attributes.message` (in the user's language), which Traccar's clients show. Best effort:
 * a failure to read the texts costs the frames, never the event's other deliveries.
 */
async function publishWeb(ctx: AppContext, tenantId: number | null, event: EventRow, users: Recipient[]) {
  try {
    const shown = presentEvent(event);
    for (const [message, userIds] of await webMessages(ctx, event, users)) {
      const framed = { ...shown, attributes: { ...shown.attributes, message } };
      ctx.live.publish([{ tenantId, deviceId: event.deviceId, userIds, events: [framed] }]);
    }
  } catch (err) {
    ctx.log.warn({ err, eventId: String(event.id) }, 'live notification not pushed');
  }
}
