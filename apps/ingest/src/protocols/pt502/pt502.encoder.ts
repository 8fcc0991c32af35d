import type { Encoder } from '../protocol.types';

/**
 * PT502 commands over GPRS: the SMS command set without its password, after `#`, one a line (Bofan's manual:
 * OPC output control, SPD speed alarm, PHO photo, RST restart, TMZ time zone).
 */
export const encodePt502: Encoder = (command) => {
  const line = (body: string) => `#${body}\r\n`;
  const a = command.attributes;
  switch (command.type) {
    case 'custom':
      return typeof a.data === 'string' && a.data !== '' ? `${a.data}\r\n` : null;
    case 'outputControl': {
      const index = Number(a.index);
      const data = String(a.data ?? '');
      return Number.isInteger(index) && index >= 1 && index <= 9 && (data === '0' || data === '1')
        ? line(`OPC${index},${data}`)
        : null;
    }
    case 'engineStop':
      return line('OPC1,1');
    case 'engineResume':
      return line('OPC1,0');
    case 'alarmSpeed': {
      const speed = Number(a.data);
      return Number.isInteger(speed) && speed > 0 && speed < 1000 ? line(`SPD${speed}`) : null;
    }
    case 'setTimezone': {
      // offset in seconds, or a fixed "GMT+8" / "UTC-05:30" form; the device takes signed minutes east of UTC
      const minutes = offsetMinutes(a.timezone);
      return minutes === null ? null : line(`TMZ${minutes}`);
    }
    case 'requestPhoto':
      return line('PHO');
    case 'rebootDevice':
      return line('RST0');
    default:
      return null;
  }
};

function offsetMinutes(timezone: unknown): number | null {
  let minutes: number;
  if (typeof timezone === 'number') minutes = timezone / 60;
  else {
    const zone = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d\d))?$/.exec(String(timezone ?? ''));
    if (!zone) return null;
    minutes = (Number(zone[2]) * 60 + Number(zone[3] ?? 0)) * (zone[1] === '-' ? -1 : 1);
  }
  return Number.isInteger(minutes) && Math.abs(minutes) <= 14 * 60 ? minutes : null;
}
