import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../../codec/crc16';
import { mutations, seededRandom } from '../../testing/mutations';
import { expectSameAsTraccar, loadVectors, type TraccarVector, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import type { StreamProtocol } from '../protocol.types';
import { createTeltonikaDecoder, decodeTeltonika } from './teltonika.decoder';
import { teltonikaFramer } from './teltonika.framer';
import { teltonikaProtocol } from './teltonika.protocol';

type ConfiguredVector = TraccarVector & { config?: { call: string; args: unknown[] }[] };

const vectors = loadVectors('teltonika') as ConfiguredVector[];
const vector = (index: number) => vectors.find((v) => v.index === index) as ConfiguredVector;
const IMEI = '123456789012345';
const tcp = testSession({ protocol: 'teltonika', uniqueId: IMEI });
const udp = testSession({ protocol: 'teltonika', transport: 'udp' });
const hex = (value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value);

/** The model a vector's test set with setModelOverride (Traccar's per-device model), if any. */
const modelOf = (v: ConfiguredVector) => v.config?.find((c) => c.call === 'setModelOverride')?.args[0] as string;

/** The registered decoder with the device's settings hidden: a device whose model the API does not know. */
const withoutSettings: StreamProtocol = {
  ...teltonikaProtocol,
  decoder: (frame, session) => decodeTeltonika(frame, { ...session, settings: undefined }),
};

describe('teltonika decoder: Traccar vectors', () => {
  it('decodes every vector as Traccar did, the device model of its test given as the device settings', () => {
    const score = scoreProtocol(teltonikaProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });

  it('without device settings, only the two FMB130 vectors differ', () => {
    const score = scoreProtocol(withoutSettings, vectors);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    // FMB elements (sleepMode, batteryCurrent, eyeTemp1, the speed of element 24) stay raw or absent without it.
    expect([...new Set(score.mismatches.map((m) => m.index))]).toEqual([44, 46]);
  });

  for (const v of vectors.filter((candidate) => candidate.traccar.positions.length > 0)) {
    it(`vector ${v.index} (${v.test}) matches Traccar field by field`, () => {
      const model = modelOf(v);
      const result = decodeTeltonika(frameOf(v), model ? { ...tcp, settings: { model } } : tcp);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('teltonika decoder', () => {
  it('binds the session to the IMEI of a login and accepts it with 0x01', () => {
    const result = decodeTeltonika(frameOf(vector(0)), testSession({ protocol: 'teltonika' }));
    expect(result).toEqual({ messages: [], uniqueId: IMEI, ack: Buffer.from([1]) });
  });

  it('decodes a codec 8 location and acknowledges the record count', () => {
    const result = decodeTeltonika(frameOf(vector(41)), tcp);
    expect(hex(result.ack)).toBe('00000001');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2017-09-25T03:17:54.000Z',
      valid: true,
      latitude: 56.8255366,
      longitude: 60.4544333,
      altitude: 311,
      course: 95,
    });
    expect(result.messages[0]?.speed).toBeCloseTo(51.295915, 5);
    expect(result.messages[0]?.attributes).toMatchObject({ ignition: true, motion: true, power: 14.375, sat: 18 });
  });

  it('raises the general alarm of element 236', () => {
    const [first, second] = decodeTeltonika(frameOf(vector(11)), tcp).messages;
    expect(first?.attributes.alarm).toBe('general');
    expect(second?.attributes.alarm).toBeUndefined();
  });

  it('yields every record of a multi-record packet', () => {
    const result = decodeTeltonika(frameOf(vector(27)), tcp);
    expect(result.messages).toHaveLength(8);
    expect(hex(result.ack)).toBe('00000008');
  });

  it('turns a codec 12 command response into a result without acknowledging it', () => {
    const result = decodeTeltonika(frameOf(vector(39)), tcp);
    expect(result.ack).toBeUndefined();
    expect(result.messages[0]).toMatchObject({ outdated: true, fixTime: null });
    expect(result.messages[0]?.attributes).toEqual({ type: 6, result: '#FM2=262032761721396,26203,07.02.05' });
  });

  it('reads the driver of a codec 13 GTSL message', () => {
    const [position] = decodeTeltonika(frameOf(vector(5)), tcp).messages;
    expect(position?.deviceTime).toBe('2023-04-03T20:45:05.000Z');
    expect(position?.attributes).toEqual({ driverUniqueId: '12749884' });
  });

  it('decodes a UDP packet, names its device and acknowledges packet and record count', () => {
    const datagram = Buffer.from(
      '003dcafe0105000f33353230393330383634303336353508010000016b4f815b30010000000000000000000000000000000103021503010101425dbc000001',
      'hex',
    );
    const result = decodeTeltonika(datagram, udp);
    expect(result.uniqueId).toBe('352093086403655');
    expect(hex(result.ack)).toBe('0005cafe010501');
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ fixTime: '2019-06-13T06:23:26.000Z', valid: false });
    expect(result.messages[0]?.attributes).toEqual({
      priority: 1,
      sat: 0,
      event: 1,
      rssi: 3,
      in1: true,
      power: 23.996,
    });
  });

  it('decodes GH3000 (codec 7) records with their cell tower', () => {
    const [position] = decodeTeltonika(frameOf(vector(37)), tcp).messages;
    expect(position?.network?.cellTowers).toEqual([
      { cellId: 33791, locationAreaCode: 100, mobileCountryCode: 0, mobileNetworkCode: 0 },
    ]);
  });

  it('detects the 16-byte IO group without configuration', () => {
    const result = decodeTeltonika(frameOf(vector(46)), tcp);
    expect(result.messages).toHaveLength(11);
    expect(result.messages[0]?.attributes.io203).toBe('00000000000000000000000000000000');
  });

  it('decodes FMB-family elements when the device settings name an FMB model', () => {
    const fmb = decodeTeltonika(frameOf(vector(44)), { ...tcp, settings: { model: 'FMB130' } });
    expect(fmb.messages[0]?.attributes).toMatchObject({
      eyeTemp1: -11.87,
      sleepMode: 0,
      batteryCurrent: 0,
    });
    expect(createTeltonikaDecoder({ model: 'FMB130' })(frameOf(vector(44)), tcp).messages).toEqual(fmb.messages);
    // a fixed option wins over the settings
    const fixed = createTeltonikaDecoder({ model: 'GH3000' })(frameOf(vector(44)), {
      ...tcp,
      settings: { model: 'FMB130' },
    });
    expect(fixed.messages[0]?.attributes).toMatchObject({ io200: 0 });
    expect(decodeTeltonika(frameOf(vector(44)), tcp).messages[0]?.attributes).toMatchObject({ io200: 0, io68: 0 });
  });

  it('ignores keep-alives, and records of a connection that has not logged in', () => {
    expect(decodeTeltonika(Buffer.from([0xff]), tcp)).toEqual({ messages: [] });
    expect(decodeTeltonika(frameOf(vector(41)), testSession())).toEqual({ messages: [] });
  });
});

describe('teltonika decoder: malformed frames', () => {
  const location = frameOf(vector(41));

  it('rejects a bad CRC', () => {
    const corrupt = Buffer.from(location);
    corrupt[20] = (corrupt[20] as number) ^ 0x01;
    expect(() => decodeTeltonika(corrupt, tcp)).toThrow('CRC');
  });

  it('rejects a truncated packet, a bad length and an unknown codec', () => {
    expect(() => decodeTeltonika(location.subarray(0, 40), tcp)).toThrow('truncated');
    const short = Buffer.from(location);
    short.writeUInt32BE(20, 4); // the records no longer fit in the announced data
    expect(() => decodeTeltonika(withCrc(short), tcp)).toThrow();
    const unknown = Buffer.from(location);
    unknown[8] = 0x42;
    expect(() => decodeTeltonika(withCrc(unknown), tcp)).toThrow('codec');
    expect(() => decodeTeltonika(Buffer.from('000f3132333435363738393031320a3435', 'hex'), tcp)).toThrow('IMEI');
    expect(() => decodeTeltonika(Buffer.from('0005cafe01', 'hex'), udp)).toThrow();
  });
});

/** The frame with its CRC recomputed over its (possibly mutated) data part. */
function withCrc(frame: Buffer): Buffer {
  const copy = Buffer.from(frame);
  if (copy.length < 12) return copy;
  const end = Math.min(8 + copy.readUInt32BE(4), copy.length - 4);
  if (end > 8) copy.writeUInt32BE(crc16Ibm(copy.subarray(8, end)), end);
  return copy;
}

describe('teltonika decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder, over TCP and UDP', () => {
    const random = seededRandom(0x7e17);
    let slowest = 0;
    const timed = (frame: Buffer, session: typeof tcp) => {
      const started = performance.now();
      try {
        decodeTeltonika(frame, session);
      } catch (err) {
        expect(err).toBeInstanceOf(Error);
      }
      return performance.now() - started;
    };
    const decode = (frame: Buffer) => {
      for (const session of [tcp, udp]) {
        // An outlier is timed again: a GC pause or a busy machine passes, a slow input does not.
        let elapsed = timed(frame, session);
        if (elapsed > 20) elapsed = timed(frame, session);
        slowest = Math.max(slowest, elapsed);
      }
    };
    for (const v of vectors) {
      for (const mutant of mutations(frameOf(v), 200, random)) {
        const framer = teltonikaFramer();
        const frames = [...framer.push(mutant.subarray(0, 9)), ...framer.push(mutant.subarray(9))];
        // Mutants with a valid CRC reach the record decoding.
        for (const frame of [mutant, withCrc(mutant), ...frames]) decode(frame);
      }
    }
    expect(slowest).toBeLessThan(20);
  });
});
