import type { Event as EventRow } from '@waymark/db/client';
import type { AppContext } from '../context';
import { onChange } from '../lib/changes';
import { presentEvent } from '../modules/events/events.presenter';
import { commandChannel } from './channels/command';
import { channelOf } from './channels/registry';
import type { Recipient } from './channels/types';
import { composeDelivery } from './compose';
import { wakeOutbox } from './outbox';
import { recipientsByRule } from './recipients';
import type { Rule } from './rules';
import { groupChain, loadRules, ruleMatches } from './rules';

/**
 * Where every stored event goes once its transaction has committed (pipeline events, status events, command
 * results): the tenant's notification rules that match it decide who hears of it and how — `web` pushes an
 * `{"events"}` frame to that user's websockets, `command` sends the rule's saved command to the device, every
 * other channel becomes an outbox row (one per event, user and channel) for the outbox worker. Never throws
 * into the caller.
 */
export async function dispatchEvents(ctx: AppContext, events: readonly EventRow[]): Promise<void> {
  if (events.length === 0) return;
  const byTenant = new Map<number | null, EventRow[]>();
  for (const e of events) {
    // platform stock (no tenant) is the platform staff's: their rules and users
    byTenant.set(e.tenantId, [...(byTenant.get(e.tenantId) ?? []), e]);
  }
  let queued = false;
  for (const [tenantId, rows] of byTenant) {
    try {
      queued = (await notifyTenant(ctx, tenantId, rows)) || queued;
    } catch (err) {
      ctx.log.warn({ err, tenantId }, 'events not dispatched');
    }
  }
  if (queued) wakeOutbox(ctx);
}

/**
 * A tenant's rules and their recipients, kept RULES_TTL_MS: the pipeline dispatches after every batch that
 * produced events (tens a second), mostly for tenants without a rule. Changes through the API forget them at
 * once on this node (the `notificationRules` change signal); other API nodes see them within RULES_TTL_MS.
 */
const RULES_TTL_MS = 2000;
const rulesCache = new Map<number | null, { at: number; rules: Rule[]; recipients: Map<number, Recipient[]> }>();

async function tenantRules(ctx: AppContext, tenantId: number | null) {
  const hit = rulesCache.get(tenantId);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit;
  const rules = await loadRules(ctx.db, tenantId);
  const recipients = rules.length > 0 ? await recipientsByRule(ctx.db, tenantId, rules) : new Map();
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

/** Returns whether outbox rows were written. */
async function notifyTenant(ctx: AppContext, tenantId: number | null, events: EventRow[]): Promise<boolean> {
  const { rules, recipients } = await tenantRules(ctx, tenantId);
  if (rules.length === 0) return false;
  const groupsOf = new Map<number, number[]>();
  const outbox: {
    tenantId: number | null;
    eventId: bigint;
    userId: number;
    channel: string;
    notificationId: number;
  }[] = [];
  const commands: { event: EventRow; rule: Rule }[] = [];
  for (const event of events) {
    if (!groupsOf.has(event.deviceId)) {
      const device = await ctx.db.device.findUnique({ where: { id: event.deviceId }, select: { groupId: true } });
      groupsOf.set(event.deviceId, await groupChain(ctx.db, device?.groupId ?? null));
    }
    const groups = groupsOf.get(event.deviceId) ?? [];
    const matched = rules.filter((r) => ruleMatches(r, event, groups));
    const web = new Set<number>();
    const seen = new Set<string>();
    const commandIds = new Set<number>();
    for (const rule of matched) {
      for (const name of rule.channels) {
        const channel = channelOf(name);
        if (!channel?.configured(ctx.env)) continue;
        if (channel.type === 'command') {
          if (rule.commandId !== null && !commandIds.has(rule.commandId)) {
            commandIds.add(rule.commandId);
            commands.push({ event, rule });
          }
          continue;
        }
        for (const user of recipients.get(rule.id) ?? []) {
          if (channel.type === 'web') {
            web.add(user.id);
            continue;
          }
          const key = `${user.id}:${channel.type}`;
          if (seen.has(key)) continue;
          seen.add(key);
          outbox.push({ tenantId, eventId: event.id, userId: user.id, channel: channel.type, notificationId: rule.id });
        }
      }
    }
    if (web.size > 0) {
      ctx.live.publish([{ tenantId, deviceId: event.deviceId, userIds: [...web], events: [presentEvent(event)] }]);
    }
  }
  if (outbox.length > 0) await ctx.db.notificationDelivery.createMany({ data: outbox, skipDuplicates: true });
  for (const { event, rule } of commands) {
    try {
      const delivery = await composeDelivery(
        ctx,
        event,
        { id: 0, name: '', email: '', phone: null, attributes: {} },
        {
          id: rule.id,
          commandId: rule.commandId,
          attributes: rule.attributes,
        },
      );
      await commandChannel.send(ctx, delivery);
    } catch (err) {
      ctx.log.warn({ err, notificationId: rule.id, eventId: String(event.id) }, 'notification command not sent');
    }
  }
  return outbox.length > 0;
}
