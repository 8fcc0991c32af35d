import type { CommandMessage } from '@waymark/contracts/bus';
import { describe, expect, it } from 'vitest';
import { testSession } from '../../testing/traccar-vectors';
import { encodeGl200 } from './gl200.encoder';

const session = testSession({ protocol: 'gl200', uniqueId: '135790246811220' });
const command = (type: string, attributes: CommandMessage['attributes'] = {}): CommandMessage => ({
  id: '1',
  uniqueId: '135790246811220',
  type,
  attributes,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('gl200 encoder', () => {
  it('drives output 1 for engine stop and resume (AT+GTOUT: 4 × status/duration/toggles, 4 reserved, serial)', () => {
    expect(encodeGl200(command('engineStop'), session)).toBe('AT+GTOUT=gl200,1,0,0,0,0,0,0,0,0,0,0,0,,,,,FFFF$');
    expect(encodeGl200(command('engineResume'), session)).toBe('AT+GTOUT=gl200,0,0,0,0,0,0,0,0,0,0,0,0,,,,,FFFF$');
  });

  it('uses AT+GTRTO sub-commands for position, reboot and version requests', () => {
    expect(encodeGl200(command('positionSingle'), session)).toBe('AT+GTRTO=gl200,1,,,,,,FFFF$');
    expect(encodeGl200(command('rebootDevice'), session)).toBe('AT+GTRTO=gl200,3,,,,,,FFFF$');
    expect(encodeGl200(command('identification'), session)).toBe('AT+GTRTO=gl200,8,,,,,,FFFF$');
  });

  it("takes the command's password, else the reported device type's factory password", () => {
    expect(encodeGl200(command('rebootDevice', { devicePassword: 'secret' }), session)).toBe(
      'AT+GTRTO=secret,3,,,,,,FFFF$',
    );
    const known = testSession({ protocol: 'gl200', state: { deviceType: 'GV300' } });
    expect(encodeGl200(command('rebootDevice'), known)).toBe('AT+GTRTO=gv300,3,,,,,,FFFF$');
  });

  it('sends custom data as it is and refuses unsupported commands', () => {
    expect(encodeGl200(command('custom', { data: 'AT+GTRTO=gl300,2,CFG,,,,,000F$' }), session)).toBe(
      'AT+GTRTO=gl300,2,CFG,,,,,000F$',
    );
    expect(encodeGl200(command('custom'), session)).toBeNull();
    expect(encodeGl200(command('positionPeriodic', { frequency: 60 }), session)).toBeNull();
  });
});
