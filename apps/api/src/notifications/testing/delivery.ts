import pino from 'pino';
import type { AppContext } from '../../context';
import { loadEnv } from '../../env';
import type { Delivery, Recipient } from '../channels/types';

/** A context with only the settings (for channels that need nothing else). */
export function envContext(env: Record<string, string>): AppContext {
  return { env: loadEnv({ NODE_ENV: 'test', ...env }), log: pino({ level: 'silent' }) } as AppContext;
}

export function sampleDelivery(user: Partial<Recipient> = {}, rule: Delivery['rule'] = null): Delivery {
  return {
    user: { id: 7, name: 'Ann', email: 'ann@example.test', phone: null, attributes: {}, ...user },
    message: { subject: 'Van 1 entered Depot', short: 'Van 1 entered Depot at 2026-11-21 10:00:00 UTC', body: 'x\n' },
    event: {
      id: 41,
      type: 'geofenceEnter',
      eventTime: '2026-11-21T10:00:00.000Z',
      deviceId: 3,
      positionId: 0,
      geofenceId: 5,
      maintenanceId: 0,
      attributes: {},
    },
    device: null,
    position: null,
    rule,
  };
}
