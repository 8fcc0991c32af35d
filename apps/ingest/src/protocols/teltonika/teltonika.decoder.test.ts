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

/** One AVL record of the documented layouts; `io` per value length: [id, value]; `variable` for codec 8E's NX group. */
interface AvlSpec {
  ms: number;
  lon: number;
  lat: number;
  sats?: number;
  speed?: number;
  event?: number;
  generation?: number;
  io?: Partial<Record<1 | 2 | 4 | 8, [number, number][]>>;
  variable?: [number, Buffer][];
}

/** The data part (codec id, count, records, count) of codec 8, 8 Extended or 16, from Teltonika's documented layouts. */
function avlData(codec: 0x08 | 0x8e | 0x10, records: AvlSpec[]): Buffer {
  const wideIds = codec !== 0x08;
  const wideCounts = codec === 0x8e;
  const out: Buffer[] = [Buffer.from([codec, records.length])];
  const num = (value: number, bytes: number) => {
    const b = Buffer.alloc(bytes);
    if (bytes === 8) b.writeBigInt64BE(BigInt(value));
    else b.writeUIntBE(value, 0, bytes);
    return b;
  };
  for (const r of records) {
    const gps = Buffer.alloc(24);
    gps.writeBigUInt64BE(BigInt(r.ms), 0);
    gps.writeUInt8(1, 8); // priority
    gps.writeInt32BE(Math.round(r.lon * 1e7), 9);
    gps.writeInt32BE(Math.round(r.lat * 1e7), 13);
    gps.writeInt16BE(250, 17); // altitude m
    gps.writeUInt16BE(180, 19); // course
    gps.writeUInt8(r.sats ?? 10, 21);
    gps.writeUInt16BE(r.speed ?? 60, 22); // km/h
    out.push(gps, num(r.event ?? 0, wideIds ? 2 : 1));
    if (codec === 0x10) out.push(num(r.generation ?? 0, 1));
    const groups = ([1, 2, 4, 8] as const).map((length) => r.io?.[length] ?? []);
    const total = groups.reduce((n, g) => n + g.length, 0) + (r.variable?.length ?? 0);
    out.push(num(total, wideCounts ? 2 : 1));
    groups.forEach((group, index) => {
      const length = [1, 2, 4, 8][index] as number;
      out.push(num(group.length, wideCounts ? 2 : 1));
      for (const [id, value] of group) out.push(num(id, wideIds ? 2 : 1), num(value, length));
    });
    if (codec === 0x8e) {
      out.push(num(r.variable?.length ?? 0, 2));
      for (const [id, value] of r.variable ?? []) out.push(num(id, 2), num(value.length, 2), value);
    }
  }
  out.push(Buffer.from([records.length]));
  return Buffer.concat(out);
}

/** A TCP packet around a data part: preamble, data length, data, CRC-16/IBM. */
function tcpPacket(data: Buffer): Buffer {
  const packet = Buffer.alloc(12 + data.length);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}

/** A codec 12/13/14 data part with one message of `type` and `payload`. */
function serialData(codec: 0x0c | 0x0d | 0x0e, type: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(7);
  head.writeUInt8(codec, 0);
  head.writeUInt8(1, 1);
  head.writeUInt8(type, 2);
  head.writeUInt32BE(payload.length, 3);
  return Buffer.concat([head, payload, Buffer.from([1])]);
}

describe('teltonika decoder: frames written from the codec documentation', () => {
  const ms = Date.UTC(2026, 0, 2, 3, 4, 5);

  it('codec 8: two records, each its own fix, IO elements of every width, ack of the count', () => {
    const data = avlData(0x08, [
      {
        ms,
        lon: 25.2797,
        lat: 54.6872,
        io: {
          1: [
            [239, 1],
            [240, 1],
          ],
          2: [[66, 12600]],
          4: [[16, 123456]],
        },
      },
      { ms: ms + 30_000, lon: 25.2801, lat: 54.6879, sats: 0, io: { 8: [[78, 0]] } },
    ]);
    const result = decodeTeltonika(tcpPacket(data), tcp);
    expect(hex(result.ack)).toBe('00000002');
    expect(result.messages.map((p) => [p.fixTime, p.latitude, p.longitude, p.valid])).toEqual([
      ['2026-01-02T03:04:05.000Z', 54.6872, 25.2797, true],
      ['2026-01-02T03:04:35.000Z', 54.6879, 25.2801, false],
    ]);
    expect(result.messages[0]).toMatchObject({ altitude: 250, course: 180 });
    expect(result.messages[0]?.attributes).toMatchObject({
      ignition: true,
      motion: true,
      power: 12.6,
      odometer: 123456,
    });
    expect(result.messages[1]?.attributes.driverUniqueId).toBeUndefined();
  });

  it('codec 8 Extended: 2-byte ids and counts, and the variable-length group (VIN)', () => {
    const data = avlData(0x8e, [
      {
        ms,
        lon: -3.7038,
        lat: 40.4168,
        event: 385,
        io: { 1: [[239, 0]], 2: [[67, 4100]], 4: [[241, 24602]] },
        variable: [[256, Buffer.from('WVWZZZ1JZXW000001', 'latin1')]],
      },
    ]);
    const [position] = decodeTeltonika(tcpPacket(data), tcp).messages;
    expect(position).toMatchObject({ latitude: 40.4168, longitude: -3.7038 });
    expect(position?.attributes).toMatchObject({
      event: 385,
      ignition: false,
      battery: 4.1,
      operator: 24602,
      vin: 'WVWZZZ1JZXW000001',
    });
  });

  it('codec 16: 2-byte ids, 1-byte counts and the generation type byte', () => {
    const data = avlData(0x10, [{ ms, lon: 2.3522, lat: 48.8566, event: 300, generation: 5, io: { 2: [[300, 7]] } }]);
    const result = decodeTeltonika(tcpPacket(data), tcp);
    expect(hex(result.ack)).toBe('00000001');
    expect(result.messages[0]?.attributes).toMatchObject({ event: 300, io300: 7 });
    expect(result.messages[0]?.latitude).toBe(48.8566);
  });

  it('codec 8 Extended over UDP: channel header, no CRC, acknowledged with packet id and count', () => {
    const data = avlData(0x8e, [{ ms, lon: 1, lat: 2 }]);
    const imei = '352093086403655';
    const header = Buffer.alloc(8);
    header.writeUInt16BE(6 + imei.length + data.length, 0);
    header.writeUInt16BE(0xbeef, 2);
    header.writeUInt8(0x01, 4);
    header.writeUInt8(0x2a, 5);
    header.writeUInt16BE(imei.length, 6);
    const result = decodeTeltonika(Buffer.concat([header, Buffer.from(imei), data]), udp);
    expect(result.uniqueId).toBe(imei);
    expect(hex(result.ack)).toBe('0005beef012a01');
    expect(result.messages[0]).toMatchObject({ latitude: 2, longitude: 1 });
  });

  it('codec 12: a command response (type 6) becomes a result and is not acknowledged', () => {
    const result = decodeTeltonika(tcpPacket(serialData(0x0c, 0x06, Buffer.from('DOUT1:1 Timeout:INFINITY'))), tcp);
    expect(result.ack).toBeUndefined();
    expect(result.messages[0]?.attributes).toEqual({ type: 6, result: 'DOUT1:1 Timeout:INFINITY' });
  });

  it('codec 13: a device message with its timestamp', () => {
    const stamp = Buffer.alloc(4);
    stamp.writeUInt32BE(ms / 1000);
    const payload = Buffer.concat([stamp, Buffer.from('Hello server')]);
    const [position] = decodeTeltonika(tcpPacket(serialData(0x0d, 0x05, payload)), tcp).messages;
    expect(position).toMatchObject({ deviceTime: '2026-01-02T03:04:05.000Z', outdated: true });
    expect(position?.attributes).toEqual({ result: 'Hello server' });
  });

  it('codec 14: the reply names the IMEI it answers (type 6), or refuses a command for another IMEI (type 0x11)', () => {
    const imei = Buffer.from('0123456789012345', 'hex');
    const ack = decodeTeltonika(
      tcpPacket(serialData(0x0e, 0x06, Buffer.concat([imei, Buffer.from('RTC:2026/1/2')]))),
      tcp,
    );
    expect(ack.messages[0]?.attributes).toEqual({ type: 6, result: 'RTC:2026/1/2' });
    const nack = decodeTeltonika(tcpPacket(serialData(0x0e, 0x11, imei)), tcp);
    expect(nack.messages[0]?.attributes).toEqual({ type: 17 });
    expect(() => decodeTeltonika(tcpPacket(serialData(0x0e, 0x06, Buffer.from('short'))), tcp)).toThrow('IMEI');
  });

  it('frames built here pass the framer whole, split byte by byte and after garbage', () => {
    const frame = tcpPacket(avlData(0x8e, [{ ms, lon: 1, lat: 2, io: { 1: [[1, 1]] } }]));
    const framer = teltonikaFramer();
    const cut: Buffer[] = [];
    for (const byte of Buffer.concat([Buffer.from('0102', 'hex'), frame]))
      cut.push(...framer.push(Buffer.from([byte])));
    expect(cut.map((f) => f.toString('hex'))).toEqual([frame.toString('hex')]);
  });
});
