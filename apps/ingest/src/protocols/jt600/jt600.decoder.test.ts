import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeJt600 } from './jt600.decoder';
import { jt600Framer } from './jt600.framer';
import { jt600Protocol } from './jt600.protocol';

const session = sessionFor('jt600');
const hex = (text: string) => decodeJt600(Buffer.from(text.replace(/ /g, ''), 'hex'), session);
const text = (message: string) => decodeJt600(Buffer.from(message, 'latin1'), session);

describe('jt600: Traccar vectors', () => {
  it("decodes them as Traccar did (the issue's bars: 98 % of messages, 95 % of attribute values)", () => {
    const score = scoreProtocol(jt600Protocol, loadVectors('jt600'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  it('never lets a mutated frame escape or hang', () => {
    const { mutants } = fuzzVectors('jt600', jt600Framer, decodeJt600);
    expect(mutants).toBe(200 * loadVectors('jt600').length);
  });
});

describe('jt600 decoder', () => {
  it('reads a version-1 binary record: altitude, satellites, power and the serving cell', () => {
    const result = hex('24 1234567890 11 001b 020124 030405 45301234 0123456787 12 2d 08 55 00 0064 1234 5678 14 01');
    expect(result.uniqueId).toBe('1234567890');
    expect(result.ack).toBeUndefined();
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2024-01-02T03:04:05.000Z',
      valid: true,
      altitude: 100,
      speed: 12,
      course: 90,
      attributes: { sat: 8, power: 85 },
      network: { cellTowers: [{ cellId: 0x1234, locationAreaCode: 0x5678, signalStrength: -20 }] },
    });
    expect(p?.latitude).toBeCloseTo(45.502057, 6);
    expect(p?.longitude).toBeCloseTo(12.57613, 6);
  });

  it('reads every record of a version-2 frame, south and west, with their status bits', () => {
    const record = (second: string) => `020124 0304${second} 45301234 0123456781 05 10 0000 0700 00 0000000a 32`;
    const [a, b] = hex(`24 1234567890 21 0036 ${record('05')} ${record('15')} 02`).messages;
    expect(a).toMatchObject({ latitude: expect.closeTo(-45.502057, 6), longitude: expect.closeTo(-12.57613, 6) });
    expect(b?.fixTime).toBe('2024-01-02T03:04:15.000Z');
    expect(b?.attributes).toMatchObject({ charge: true, ignition: true, alarm: 'tow', odometer: 10_000, fuel: 50 });
  });

  it('reads a JT701 report with the vibration alarm and the battery level', () => {
    const [p] = hex(
      '24 1234567890 17 11 0023 020124 030405 45301234 0123456787 00 00 00000005 06 00000000 0090 50 1234 5678 14 01',
    ).messages;
    expect(p?.attributes).toMatchObject({
      odometer: 5000,
      sat: 6,
      alarm: 'vibration',
      blocked: true,
      status: 0x90,
      batteryLevel: 80,
    });
  });

  it('confirms W01 with (P35), U01-U03 with (S39) and U06 with (S20)', () => {
    const w01 = text('(3110312099,W01,11404.6204,E,2232.9961,S,A,040511,063736,4,7,100,4,17,1,1,company)');
    expect(w01.ack).toBe('(P35)');
    expect(w01.messages[0]?.latitude).toBeCloseTo(-22.549935, 6);
    const u02 = text('(3301210003,U02,040812,185302,T,22.564025,S,113.242329,W,5,152,9,32%,101,10133,5173,22,100,7)');
    expect(u02.ack).toBe('(S39)');
    expect(u02.messages[0]).toMatchObject({
      latitude: -22.564025,
      longitude: -113.242329,
      attributes: { status: 5, index: 7, batteryLevel: 32, odometer: 100_000 },
    });
    const u06 = text('(3301210003,U06,4,250916,133207,F,7.011013,N,25.060708,W,0,102,0,0%,0,0,1,0,0,0,126,1,30)');
    expect(u06.ack).toBe('(S20)');
    expect(u06.messages[0]).toMatchObject({ valid: false, attributes: { event: 4 } });
  });

  it('reads a P45 lock event with its card', () => {
    const [p] = text('(2050018634,P45,051124,204046,9.861502,S,83.950336,E,V,10,90,3,1,1234567890,0,0,0)').messages;
    expect(p).toMatchObject({ valid: false, latitude: -9.861502, longitude: 83.950336, course: 90 });
    expect(p?.attributes).toMatchObject({ eventSource: 3, driverUniqueId: '1234567890' });
  });

  it('reads a WLNET sensor message as the framer hands it over (escapes undone once)', () => {
    const [frame] = jt600Framer().push(
      Buffer.from(
        '28383035343230313937332c312c3136382c574c4e45542c352c322c3d15022508595325169288057327940900003d1502250859551021220618730140644701011d4300000029',
        'hex',
      ),
    );
    const [p] = decodeJt600(frame as Buffer, session).messages;
    expect(p).toMatchObject({
      fixTime: '2025-02-28T08:59:53.000Z',
      attributes: { sensorBattery: 3.2, sensorBatteryLevel: 100, sensorRssi: -71, temp1: 28.5, humidity: 67 },
    });
  });

  it('names the device of messages it does not decode (heartbeat, U04) and answers nothing', () => {
    expect(text('(3460311327,@JT)')).toEqual({ messages: [], uniqueId: '3460311327' });
    expect(text('(3301210003,U04)')).toEqual({ messages: [], uniqueId: '3301210003' });
  });

  it('refuses malformed messages', () => {
    expect(() => text('(abc,U01)')).toThrow('device id');
    expect(() => text('(3301210003,U01,040812)')).toThrow();
    expect(() => text('(3301210003,U01,040812,185302,T,x,N,1,E,5,1,9,3%,1,1,1,1,1,1)')).toThrow('bad number');
    expect(() => hex('24 1234567890 21 0010 020124')).toThrow('records');
    expect(() => hex('24 1234567890 11 001b 020124 030405')).toThrow('truncated');
    expect(() => hex('24 12345678ab 11 001b 00')).toThrow('BCD');
    expect(() => text('hello')).toThrow('neither');
  });
});
