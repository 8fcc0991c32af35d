import { describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/protocol.test-kit';
import { decodeTk103 } from './tk103.decoder';

/**
 * Frames written from the TK103 communication protocol's message layouts (classic glued fields, the comma form of
 * the newer firmware), not from captures.
 */
const session = sessionFor('tk103');
const decode = (text: string) => decodeTk103(Buffer.from(text, 'latin1'), session);

const ID = '013612345678';

/** Classic location: yymmdd, A/V, ddmm.mmmm N/S, dddmm.mmmm E/W, speed (5), hhmmss, course (6), io (8), L odometer. */
function classic(type: string, prefix = '', io = '01000000', odometer = '0001E240'): string {
  return `(${ID}${type}${prefix}260822A2232.5316N11403.4712W060.5093015181.25${io}L${odometer})`;
}

describe('tk103 decoder: documented layouts', () => {
  it('reads the location of each classic report family (BR00–BR02, BP04, BS08, BP05)', () => {
    for (const type of ['BR00', 'BR01', 'BR02', 'BP04', 'BS08']) {
      const result = decode(classic(type));
      expect(result.uniqueId, type).toBe(ID);
      expect(result.ack, type).toBeUndefined();
      const [position] = result.messages;
      expect(position, type).toMatchObject({ fixTime: '2026-08-22T09:30:15.000Z', valid: true, course: 181.25 });
      expect(position?.latitude).toBeCloseTo(22 + 32.5316 / 60, 6);
      expect(position?.longitude).toBeCloseTo(-(114 + 3.4712 / 60), 6);
      expect(position?.speed).toBeCloseTo(60.5 / 1.852, 3);
      expect(position?.attributes).toMatchObject({ ignition: true, charge: true, odometer: 123456 });
    }
    const login = decode(classic('BP05', '000013612345678'));
    expect(login.ack).toBe(`(${ID}AP05)`);
    expect(login.messages).toHaveLength(1);
  });

  it('names each BO01 alarm code and answers AS01 with the code', () => {
    const alarms: Record<string, string> = {
      '0': 'powerOff',
      '1': 'accident',
      '2': 'sos',
      '3': 'vibration',
      '4': 'lowspeed',
      '5': 'overspeed',
      '6': 'geofenceExit',
    };
    for (const [code, alarm] of Object.entries(alarms)) {
      const result = decode(classic('BO01', code));
      expect(result.messages[0]?.attributes.alarm, code).toBe(alarm);
      expect(result.ack).toBe(`(${ID}AS01${code})`);
    }
  });

  it('reads the comma form (day-first date) and its alarm types', () => {
    const imei = '864768010009188';
    const comma = (type: string) => `(${imei},${type},220826,A,2232.5316N,11403.4712E,060.5,093015,181.25)`;
    const login = decode(comma('BP05'));
    expect(login.ack).toBe(`(${imei}AP05)`);
    expect(login.messages[0]).toMatchObject({ fixTime: '2026-08-22T09:30:15.000Z', course: 181.25 });
    expect(decode(comma('ZC11')).messages[0]?.attributes.alarm).toBe('movement');
    expect(decode(comma('DW3E')).messages[0]?.attributes.alarm).toBe('sos');
    expect(decode(comma('ZC17')).messages[0]?.attributes.alarm).toBe('removing');
    expect(decode(comma('ZC07')).messages[0]?.attributes.alarm).toBeUndefined();
  });

  it('answers the handshake in both forms and reads the battery report', () => {
    expect(decode(`(${ID}BP00${ID}HSO)`).ack).toBe(`(${ID}AP01HSO)`);
    expect(decode(`(${ID}BP00HSO)`).ack).toBe(`(${ID}AP01HSO)`);
    const [battery] = decode(`(${ID},ZC20,220826,093015,3,395,124,0)`).messages;
    expect(battery?.attributes).toEqual({ batteryLevel: 50, battery: 3.95, power: 12.4 });
  });

  it('reads a cell and Wi-Fi fix (DW5x) without a GNSS position', () => {
    const [position] = decode(
      '(864768010009188,DW50,262,2,4021,56789,1,00:11:22:33:44:55*-61*6,220826,093015)',
    ).messages;
    expect(position?.valid).toBe(false);
    expect(position?.network?.cellTowers?.[0]).toMatchObject({ mobileCountryCode: 262, cellId: 56789 });
    expect(position?.network?.wifiAccessPoints?.[0]).toMatchObject({ macAddress: '00:11:22:33:44:55' });
  });
});
