import type { Encoder } from '../protocol.types';

/**
 * Commands of the `$MGV002` firmware over GPRS: `$GPRS,<imei>;<code>[,args];!`, several codes may follow one
 * another. A custom command may be the whole line (sent as is), an SMS line `$SMS,<password>;…;!` (re-addressed
 * to GPRS), or bare codes (`W005,1;R029`), which are wrapped.
 */
export const encodeMegastek: Encoder = (command, session) => {
  const imei = session.uniqueId ?? command.uniqueId;
  const line = (codes: string) => `$GPRS,${imei};${codes};!`;
  const a = command.attributes;
  switch (command.type) {
    case 'custom':
      return custom(typeof a.data === 'string' ? a.data.trim() : '', line);
    case 'positionSingle':
      return line('W052');
    case 'positionPeriodic': {
      const seconds = Number(a.frequency);
      if (!Number.isFinite(seconds) || seconds < 0) return null;
      // the interval is in units of 30 s, rounded down a little so that a request is not made sparser
      return line(`W005,${Math.min(65535, Math.max(1, Math.round((seconds - 5) / 30)))}`);
    }
    case 'positionStop':
      return line('W005,0');
    case 'setConnection':
      return typeof a.server === 'string' && Number.isInteger(a.port) ? line(`W003,${a.server},${a.port}`) : null;
    case 'sosNumber':
      return Number.isInteger(a.index) && typeof a.phone === 'string' ? line(`W010,${a.index},${a.phone},001`) : null;
    case 'setTimezone': {
      const seconds = typeof a.timezone === 'number' ? a.timezone : Number.NaN;
      return Number.isInteger(seconds) ? line(`W020,${Math.trunc(seconds / 60)}`) : null;
    }
    case 'getVersion':
    case 'getDeviceStatus':
      return line('R029');
    case 'factoryReset':
      return line('C099');
    case 'rebootDevice':
      return line('W100');
    default:
      return null;
  }
};

function custom(data: string, line: (codes: string) => string): string | null {
  if (data === '' || /[\r\n]/.test(data)) return null;
  if (data.startsWith('$SMS')) {
    const codes = data.slice(data.indexOf(';') + 1).replace(/;?!?$/, '');
    return codes === '' ? null : line(codes);
  }
  if (data.startsWith('$') || !/^[WRC]\d/.test(data)) return data;
  return line(data.replace(/;?!?$/, ''));
}
