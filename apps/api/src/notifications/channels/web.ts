import type { Channel } from './types';

/** Traccar's `{"events": [...]}` frame on the websockets of this one user. */
export const webChannel: Channel = {
  type: 'web',
  configured: () => true,
  reaches: () => true,
  async send(ctx, { user, event, device }) {
    ctx.live.publish([
      { tenantId: device?.tenantId ?? null, deviceId: event.deviceId, userIds: [user.id], events: [event] },
    ]);
  },
};
