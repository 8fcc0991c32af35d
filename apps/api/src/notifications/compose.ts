import type { Event as EventRow, User } from '@waymark/db/client';
import type { AppContext } from '../context';
import { presentDevice } from '../modules/devices/devices.presenter';
import { presentEvent } from '../modules/events/events.presenter';
import { presentPosition } from '../modules/positions/positions.presenter';
import type { Delivery, Recipient } from './channels/types';
import { pickLanguage, pickSpeedUnit, renderEvent } from './templates/render';

type Attributes = Record<string, unknown>;

export const asRecipient = (u: Pick<User, 'id' | 'name' | 'email' | 'phone' | 'attributes'>): Recipient => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  attributes: (u.attributes ?? {}) as Attributes,
});

export async function serverAttributes(ctx: AppContext): Promise<Attributes> {
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { attributes: true } });
  return (server?.attributes ?? {}) as Attributes;
}

/** Everything a channel needs to notify `user` of `event`, the texts in the user's language and units. */
export async function composeDelivery(
  ctx: AppContext,
  event: EventRow,
  user: Recipient,
  rule: Delivery['rule'],
  server?: Attributes,
): Promise<Delivery> {
  const facts = await eventFacts(ctx, event, server);
  return {
    user,
    message: facts.render(user),
    event: presentEvent(event),
    device: facts.device ? presentDevice(facts.device) : null,
    position: facts.position ? presentPosition(facts.position) : null,
    rule,
  };
}

/**
 * The text each user's websockets show with a live event (Traccar's web notificator puts it in
 * `attributes.message`): users grouped by their text, so a frame goes to all who read it in the same words.
 */
export async function webMessages(
  ctx: AppContext,
  event: EventRow,
  users: readonly Recipient[],
): Promise<Map<string, number[]>> {
  const facts = await eventFacts(ctx, event);
  const byText = new Map<string, number[]>();
  for (const user of users) {
    const text = facts.render(user).short;
    byText.set(text, [...(byText.get(text) ?? []), user.id]);
  }
  return byText;
}

/** What the texts of an event say (its device, position, geofence, maintenance), read once for all its users. */
async function eventFacts(ctx: AppContext, event: EventRow, server?: Attributes) {
  const [device, position, geofence, maintenance, serverAttrs] = await Promise.all([
    ctx.db.device.findUnique({ where: { id: event.deviceId }, include: { model: true } }),
    event.positionId === null ? null : ctx.db.position.findFirst({ where: { id: event.positionId } }),
    event.geofenceId === null
      ? null
      : ctx.db.geofence.findUnique({ where: { id: event.geofenceId }, select: { name: true } }),
    event.maintenanceId === null
      ? null
      : ctx.db.maintenance.findUnique({ where: { id: event.maintenanceId }, select: { name: true } }),
    server ?? serverAttributes(ctx),
  ]);
  const render = (user: Recipient) =>
    renderEvent(pickLanguage(user.attributes, serverAttrs), pickSpeedUnit(user.attributes, serverAttrs), {
      type: event.type,
      eventTime: event.eventTime,
      attributes: (event.attributes ?? {}) as Attributes,
      deviceName: device?.name ?? `#${event.deviceId}`,
      geofenceName: geofence?.name ?? null,
      maintenanceName: maintenance?.name ?? null,
      position: position ?? null,
    });
  return { device, position, render };
}
