import type { Encoder } from '../protocol.types';
import { taipChecksum } from './taip.decoder';

/** `>` + data + `;ID=…;*CC<`: the ID (when the device is known) and the checksum TAIP units check. */
function framed(data: string, uniqueId: string | null): string {
  const text = `>${data}${uniqueId ? `;ID=${uniqueId}` : ''};*`;
  return `${text}${taipChecksum(text)}<`;
}

const seconds = (value: unknown): string | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9999
    ? String(value).padStart(4, '0')
    : null;

/**
 * TAIP host messages: positionSingle queries a PV report (`QPV`); positionPeriodic schedules PV reports every
 * `frequency` seconds from the top of the hour (`FPVBBBB0000`); positionStop sets that interval to 0; custom sends
 * `data` framed (or as is when it already starts with `>`).
 */
export const encodeTaip: Encoder = (command, session) => {
  const uniqueId = session.uniqueId ?? command.uniqueId;
  switch (command.type) {
    case 'positionSingle':
      return framed('QPV', uniqueId);
    case 'positionPeriodic': {
      const interval = seconds(command.attributes.frequency);
      return interval ? framed(`FPV${interval}0000`, uniqueId) : null;
    }
    case 'positionStop':
      return framed('FPV00000000', uniqueId);
    case 'custom': {
      const data = command.attributes.data;
      if (typeof data !== 'string' || data === '') return null;
      return data.startsWith('>') ? data : framed(data, uniqueId);
    }
    default:
      return null;
  }
};
