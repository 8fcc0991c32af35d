import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { encodeWatch } from './watch.encoder';

const command = (type: string, attributes: Record<string, string | number | boolean> = {}, state = {}) =>
  encodeWatch(
    { id: '1', uniqueId: '8800000015', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' },
    sessionFor('watch', { uniqueId: '8800000015', state }),
  );

describe('watch encoder', () => {
  it('frames commands with the maker the watch used', () => {
    expect(command('positionSingle', {}, { manufacturer: 'SG' })).toBe('[SG*8800000015*0002*CR]');
    expect(command('positionPeriodic', { frequency: 60 })).toBe('[3G*8800000015*0009*UPLOAD,60]');
    expect(command('rebootDevice')).toBe('[3G*8800000015*0005*RESET]');
    expect(command('powerOff')).toBe('[3G*8800000015*0008*POWEROFF]');
    expect(command('sosNumber', { index: 1, phone: '123' })).toBe('[3G*8800000015*0008*SOS1,123]');
    expect(command('alarmSos', { enable: true })).toBe('[3G*8800000015*0008*SOSSMS,1]');
    expect(command('message', { message: 'Hi' })).toBe('[3G*8800000015*0010*MESSAGE,00480069]');
    expect(command('custom', { data: 'FIND' }, { manufacturer: 'ZJ', index: '0001' })).toBe(
      '[ZJ*8800000015*0001*0004*FIND]',
    );
  });

  it('has no engine commands', () => {
    expect(command('engineStop')).toBeNull();
    expect(command('engineResume')).toBeNull();
  });
});
