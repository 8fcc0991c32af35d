import type { Encoder } from '../protocol.types';

/**
 * Server commands are text in parentheses: `(S07,0)` cuts the fuel/power (engine stop), `(S07,1)` restores it,
 * `(S09,1,<minutes>)` sets the time zone (signed minutes east of UTC, from the command's offset in seconds);
 * `custom` sends its text, in parentheses unless it already has them.
 */
export const encodeJt600: Encoder = (command) => {
  const a = command.attributes;
  switch (command.type) {
    case 'engineStop':
      return '(S07,0)';
    case 'engineResume':
      return '(S07,1)';
    case 'setTimezone': {
      const seconds = typeof a.timezone === 'number' ? a.timezone : Number(a.timezone);
      if (!Number.isInteger(seconds) || seconds % 60 !== 0 || Math.abs(seconds) > 14 * 3600) return null;
      return `(S09,1,${seconds / 60})`;
    }
    case 'custom': {
      const data = typeof a.data === 'string' ? a.data.trim() : '';
      if (data === '' || /[()]/.test(data.slice(1, -1))) return null;
      return data.startsWith('(') && data.endsWith(')') ? data : `(${data})`;
    }
    default:
      return null;
  }
};
