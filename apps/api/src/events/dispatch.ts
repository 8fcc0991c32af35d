import type { Event as EventRow } from '@waymark/db/client';
import type { AppContext } from '../context';
import { presentEvent } from '../modules/commands/commands.service';

/**
 * Where every stored event goes once its transaction has committed (pipeline events, status events, command
 * results): pushed to the websockets of the users who may see its device. Never throws into the caller.
 */
export async function dispatchEvents(ctx: AppContext, events: readonly EventRow[]): Promise<void> {
  if (events.length === 0) return;
  try {
    ctx.live.publish(events.map((e) => ({ tenantId: e.tenantId, deviceId: e.deviceId, events: [presentEvent(e)] })));
  } catch (err) {
    ctx.log.warn({ err }, 'events not dispatched');
  }
}
