import type { Channel } from './types';

/** Traccar's `{"events": [...]}` frame on the websockets of this one user, the text in `attributes.message`. */
export const webChannel: Channel = {
  type: 'web',
  configured: () => true,
  reaches: () => true,
  async send(ctx, { user, event, device, message }) {
    const framed = { ...event, attributes: { ...event.attributes, message: message.short } };
    ctx.live.publish([
      { tenantId: device?.tenantId ?? null, deviceId: event.deviceId, userIds: [user.id], events: [framed] },
    ]);
  },
};
