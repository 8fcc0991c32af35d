import type { NotificationMessage } from '@waymark/contracts/notificator';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../http-error';
import { personalChannels } from '../../notifications/channels/registry';
import type { Channel, Delivery, Recipient } from '../../notifications/channels/types';
import { DeliveryError } from '../../notifications/channels/types';
import { asRecipient, serverAttributes } from '../../notifications/compose';
import type { RenderedMessage } from '../../notifications/templates/render';
import { pickLanguage, pickSpeedUnit, renderEvent } from '../../notifications/templates/render';
import type { AuthContext } from '../../plugins/app/auth-context';
import { accountProblem } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';

type Log = { error(obj: unknown, msg: string): void };

/**
 * A test notification to the caller, in their language: on every channel they can receive (web, mail, and the
 * configured channels for which they have an address), a 502 naming the channels that failed; or, given a
 * notificator (Traccar's /notifications/test/{notificator}), on that one alone: 404 when the server does not offer
 * it, 400 when the caller has no address there or the send failed (Traccar's answers).
 */
export async function sendTestNotification(
  ctx: AppContext,
  auth: AuthContext,
  log: Log,
  notificator?: string,
): Promise<void> {
  const user = asRecipient(auth.user);
  const server = await serverAttributes(ctx);
  const now = new Date();
  const message = renderEvent(pickLanguage(user.attributes, server), pickSpeedUnit(user.attributes, server), {
    type: 'test',
    eventTime: now,
    attributes: {},
    deviceName: '',
  });
  const delivery = personalDelivery(user, message, 'test', now);
  if (notificator === undefined) {
    const failed = await sendAll(
      ctx,
      personalChannels(ctx.env).filter((c) => c.reaches(user)),
      [delivery],
      log,
    );
    if (failed.length) throw new HttpError(502, `Test notification failed on ${failed.join(', ')}`);
    return;
  }
  const channel = offeredChannel(ctx, notificator);
  if (!channel.reaches(user)) throw badRequest(`You have no address for ${channel.type} notifications`);
  const failed = await sendAll(ctx, [channel], [delivery], log);
  if (failed.length) throw badRequest(`Test notification failed on ${failed.join(', ')}`);
}

/**
 * An announcement (Traccar's /notifications/send/{notificator}): the message to the given users, or to every user
 * the caller manages, on one channel, in the words given (no template). Users must be the caller's to see (404
 * otherwise); disabled and expired accounts and those the channel cannot reach are left out. 400 naming the
 * failures when some sends failed (the others went). Audited with how many it reached.
 */
export async function sendAnnouncement(
  ctx: AppContext,
  auth: AuthContext,
  notificator: string,
  userIds: number[] | undefined,
  input: NotificationMessage,
  log: Log,
): Promise<void> {
  const channel = offeredChannel(ctx, notificator);
  const ids = userIds && [...new Set(userIds)];
  const users = await auth.db.user.findMany({
    where: ids ? { id: { in: ids } } : {},
    orderBy: { id: 'asc' },
  });
  if (ids && users.length !== ids.length) throw notFound('User not found');
  const reached = users
    .filter((u) => !accountProblem(u))
    .map(asRecipient)
    .filter((u) => channel.reaches(u));
  const digest = input.digest?.trim() || input.body;
  const message: RenderedMessage = {
    subject: input.subject?.trim() || firstLine(digest),
    short: digest,
    body: input.body,
  };
  const now = new Date();
  const deliveries = reached.map((u) => personalDelivery(u, message, 'announcement', now, input.priority));
  const failed = await sendAll(ctx, [channel], deliveries, log);
  await audit(ctx, {
    action: 'notification.announcement',
    userId: auth.user.id,
    tenantId: auth.user.tenantId,
    objectType: 'notification',
    details: { channel: channel.type, subject: message.subject, recipients: reached.length, failed: failed.length },
  });
  if (failed.length) throw badRequest(`Announcement failed on ${failed.join(', ')}`);
}

/** A notificator this server offers that reaches a person; 404 for any other name (Traccar's `push` included). */
function offeredChannel(ctx: AppContext, name: string): Channel {
  const wanted = name === 'push' ? 'firebase' : name;
  const channel = personalChannels(ctx.env).find((c) => c.type === wanted);
  if (!channel) throw notFound(`This server does not offer the ${name} notificator`);
  return channel;
}

/** A delivery with no device behind it: its event (id 0, device 0) carries the type, time and priority. */
function personalDelivery(
  user: Recipient,
  message: RenderedMessage,
  type: string,
  time: Date,
  priority?: boolean,
): Delivery {
  return {
    user,
    message,
    event: {
      id: 0,
      type,
      eventTime: time.toISOString(),
      deviceId: 0,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: priority ? { priority: true } : {},
    },
    device: null,
    position: null,
    rule: null,
  };
}

/** Sends each delivery on each channel; the failures, as `channel (reason)` (to whom, for several users). */
async function sendAll(ctx: AppContext, channels: Channel[], deliveries: Delivery[], log: Log): Promise<string[]> {
  const failed: string[] = [];
  for (const channel of channels) {
    for (const delivery of deliveries) {
      try {
        await channel.send(ctx, delivery);
      } catch (err) {
        const to = deliveries.length > 1 ? ` to ${delivery.user.name}` : '';
        failed.push(`${channel.type}${to} (${err instanceof DeliveryError ? err.message : 'internal error'})`);
        if (!(err instanceof DeliveryError)) log.error({ err, channel: channel.type }, 'notification not sent');
      }
    }
  }
  return failed;
}

/** A subject made of the text's first line, cut to a mail subject's usual length. */
function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 78 ? `${line.slice(0, 77)}…` : line;
}
