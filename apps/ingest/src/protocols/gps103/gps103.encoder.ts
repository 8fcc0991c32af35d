import type { Encoder } from '../protocol.types';

/** `**,imei:<imei>,<letter>[,<value>]` commands, as Traccar's GPS103 encoder writes them (no terminator). */
export const encodeGps103: Encoder = (command, session) => {
  const imei = session.uniqueId ?? command.uniqueId;
  const format = (body: string) => `**,imei:${imei},${body}`;
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? format(data) : null;
    }
    case 'positionSingle':
      return format('B');
    case 'positionPeriodic': {
      const frequency = Number(command.attributes.frequency);
      return Number.isInteger(frequency) && frequency > 0 ? format(`C,${interval(frequency)}`) : null;
    }
    case 'positionStop':
      return format('D');
    case 'engineStop':
      return format('J');
    case 'engineResume':
      return format('K');
    case 'alarmArm':
      return format('L');
    case 'alarmDisarm':
      return format('M');
    case 'requestPhoto':
      return format('160');
    default:
      return null;
  }
};

/** Seconds as the device's interval syntax: whole hours (01h), else whole minutes (05m), else seconds (30s). */
function interval(seconds: number): string {
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  if (seconds >= 3600) return `${pad(seconds / 3600)}h`;
  if (seconds >= 60) return `${pad(seconds / 60)}m`;
  return `${pad(seconds)}s`;
}
