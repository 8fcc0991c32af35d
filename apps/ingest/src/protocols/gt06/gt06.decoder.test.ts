import { describe, expect, it } from 'vitest';
import { crc16X25 } from '../../codec/crc16';
import { mutations, seededRandom, steadyMs } from '../../testing/mutations';
import { expectSameAsTraccar, loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeGt06 } from './gt06.decoder';
import { gt06Framer } from './gt06.framer';
import { gt06Protocol } from './gt06.protocol';

const definition = gt06Protocol;
const vectors = loadVectors('gt06');
const bin = (hex: string) => Buffer.from(hex, 'hex');
const loggedIn = testSession({ protocol: 'gt06', uniqueId: '123456789012345' });
const vector = (index: number) => {
  const found = vectors.find((v) => v.index === index);
  if (!found) throw new Error(`no vector ${index}`);
  return found;
};

describe('gt06 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(definition, vectors);
    // The harness gives each vector the device model Traccar's test configured (LW4G-4B, R11, …): all match.
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });

  it('decodes those two as Traccar did once the session knows the model', () => {
    for (const [index, model] of [
      [170, 'LW4G-4B'],
      [172, 'R11'],
    ] as const) {
      const v = vector(index);
      const result = decodeGt06(frameOf(v), { ...loggedIn, state: { model } });
      const expected = v.traccar.positions[0];
      if (!expected || !result.messages[0]) throw new Error('no position');
      expectSameAsTraccar(result.messages[0], expected, `vector ${index}`);
    }
  });
});

describe('gt06 decoder', () => {
  it('binds the session on login and answers with the serial number', () => {
    const result = decodeGt06(bin('78780d01035288707191199800017fff0d0a'), testSession({ protocol: 'gt06' }));
    expect(result.uniqueId).toBe('352887071911998');
    expect(result.messages).toEqual([]);
    expect((result.ack as Buffer).toString('hex')).toBe('787805010001d9dc0d0a'); // the GT06 manual's example
  });

  it('decodes nothing before the login', () => {
    const location = frameOf(vector(145));
    expect(decodeGt06(location, testSession({ protocol: 'gt06' }))).toEqual({ messages: [] });
  });

  it('decodes a GPS + cell location (0x12) and acknowledges it', () => {
    const result = decodeGt06(frameOf(vector(145)), loggedIn);
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2011-08-29T17:46:16.000Z',
      valid: true,
      course: 143,
      speed: 0,
      outdated: false,
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(23.111668, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(114.409285, 5);
    expect(result.messages[0]?.network?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10365, cellId: 8120 },
    ]);
    expect(result.messages[0]?.attributes).toEqual({ type: 0x12, sat: 12 });
    const ack = result.ack as Buffer;
    expect(ack.subarray(0, 6).toString('hex')).toBe('787805120003');
    expect(ack.readUInt16BE(6)).toBe(crc16X25(ack.subarray(2, 6)));
  });

  it('decodes an alarm with its status (0x16: overspeed) and a heartbeat (0x13)', () => {
    const [alarm] = decodeGt06(frameOf(vector(158)), loggedIn).messages;
    expect(alarm?.attributes).toMatchObject({ alarm: 'overspeed', ignition: true, batteryLevel: 100, rssi: 4 });
    const heartbeat = decodeGt06(bin('78780a13440604000201baaf540d0a'), loggedIn);
    expect(heartbeat.messages[0]).toMatchObject({ outdated: true, fixTime: null });
    expect(heartbeat.messages[0]?.attributes).toMatchObject({ charge: true, batteryLevel: 100, rssi: 4 });
    expect((heartbeat.ack as Buffer).subarray(0, 6).toString('hex')).toBe('7878051301ba');
  });

  it('turns a command reply into a result', () => {
    const [reply] = decodeGt06(frameOf(vector(137)), loggedIn).messages;
    expect(reply?.attributes).toEqual({ result: 'Cut off the fuel supply: Success!' });
  });

  it('lists every cell and access point of a Wi-Fi report and echoes its time', () => {
    const result = decodeGt06(frameOf(vector(106)), loggedIn);
    expect(result.messages[0]?.network?.wifiAccessPoints).toHaveLength(8);
    expect(result.messages[0]?.network?.cellTowers).toHaveLength(6);
    expect((result.ack as Buffer).toString('hex')).toBe('787800691709281134130d0a');
  });

  it('answers a time request with the current UTC time', () => {
    const result = decodeGt06(bin('7878058a000688290d0a'), loggedIn);
    expect(result.messages).toEqual([]);
    expect((result.ack as Buffer).subarray(0, 10).toString('hex')).toBe('78780b8a1a0816000000');
  });

  it('refuses malformed frames', () => {
    const location = frameOf(vector(145));
    expect(() => decodeGt06(Buffer.concat([location.subarray(0, 12), bin('0d0a')]), loggedIn)).toThrow('truncated');
    expect(() => decodeGt06(bin('1234567890abcdef'), loggedIn)).toThrow('start');
    expect(() => decodeGt06(bin('78780d'), loggedIn)).toThrow('short');
  });
});

describe('gt06 decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const random = seededRandom(0x6706);
    let slowest = 0;
    for (const v of vectors) {
      for (const mutant of mutations(frameOf(v), 200, random)) {
        const framer = gt06Framer();
        const frames = [...framer.push(mutant.subarray(0, 7)), ...framer.push(mutant.subarray(7))];
        for (const frame of [mutant, ...frames]) {
          const run = () => {
            try {
              decodeGt06(frame, loggedIn);
            } catch (err) {
              expect(err).toBeInstanceOf(Error);
            }
          };
          slowest = Math.max(slowest, steadyMs(run, 20));
        }
      }
    }
    expect(slowest).toBeLessThan(20);
  });
});
