import { describe, expect, it } from 'vitest';
import { crc16Kermit } from '../../codec/crc16';
import { mutations, seededRandom } from '../../testing/mutations';
import { expectSameAsTraccar, loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeRuptela, ruptelaPacket } from './ruptela.decoder';
import { ruptelaFramer } from './ruptela.framer';
import { ruptelaProtocol } from './ruptela.protocol';

const vectors = loadVectors('ruptela');
const vector = (index: number) => frameOf(vectors.find((v) => v.index === index)!);
const session = testSession({ protocol: 'ruptela' });
const hex = (value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value);

/** A device packet around `body` (IMEI, command, payload): length and CRC-16/KERMIT added. */
function packet(body: Buffer): Buffer {
  const frame = Buffer.alloc(body.length + 4);
  frame.writeUInt16BE(body.length, 0);
  body.copy(frame, 2);
  frame.writeUInt16BE(crc16Kermit(body), 2 + body.length);
  return frame;
}

describe('ruptela decoder: Traccar vectors', () => {
  it('decodes every vector as Traccar did', () => {
    const score = scoreProtocol(ruptelaProtocol, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });

  for (const v of vectors) {
    it(`vector ${v.index} matches Traccar field by field (${v.traccar.result})`, () => {
      const result = decodeRuptela(frameOf(v), session);
      expect(result.uniqueId).toBe(v.traccar.uniqueIds[0]);
      expect(result.messages).toHaveLength(v.traccar.positions.length);
      v.traccar.positions.forEach((expected, i) => {
        expectSameAsTraccar(result.messages[i]!, expected, `vector ${v.index} #${i}`);
      });
    });
  }
});

describe('ruptela decoder', () => {
  it('acknowledges an identification with command 115 and binds the IMEI', () => {
    const result = decodeRuptela(vector(1), session);
    expect(result).toEqual({ messages: [], uniqueId: '869530043209218', ack: Buffer.from('00027301cb25', 'hex') });
  });

  it('acknowledges records with command 100, standard and extended alike', () => {
    expect(hex(decodeRuptela(vector(15), session).ack)).toBe('0002640113bc');
    expect(hex(decodeRuptela(vector(0), session).ack)).toBe('0002640113bc');
  });

  it('decodes a location with its IO elements', () => {
    const [position] = decodeRuptela(vector(11), session).messages;
    expect(position).toMatchObject({ fixTime: '2015-10-06T14:21:33.000Z', latitude: 5.6292216, altitude: 48.7 });
    expect(position?.attributes).toMatchObject({ power: 13.286, battery: 4.097, odometer: 30714, deviceTemp: 44 });
  });

  it('yields every record of a multi-record packet', () => {
    const result = decodeRuptela(vector(15), session);
    expect(result.uniqueId).toBe('013227001564487');
    expect(result.messages.map((p) => p.fixTime)).toEqual([
      '2014-01-19T05:04:02.000Z',
      '2014-01-19T05:05:02.000Z',
      '2014-01-19T05:06:02.000Z',
      '2014-01-19T05:07:02.000Z',
      '2014-01-19T05:08:02.000Z',
    ]);
  });

  it('merges the parts of a split extended record into one position', () => {
    const [position, ...rest] = decodeRuptela(vector(0), session).messages;
    expect(rest).toEqual([]);
    expect(position?.attributes).toMatchObject({
      driverUniqueId: '01d042f31d000030',
      obdSpeed: 60,
      obdOdometer: 23143000,
    });
  });

  it('raises alarms from IO elements (harsh braking)', () => {
    // IMEI, command 1, 0 left, 1 record: time, ext, priority, lon, lat, alt, course, sat, speed, hdop, event,
    // 1-byte IO: 134 = 1 (harsh braking) and 415 would need 2-byte ids; no 2/4/8-byte IO.
    const body = Buffer.from(
      '000313612d76c5cb 01 00 01 5c885fa8 00 00 00fb7291 13fc9230 040e 4006 18 003d 05 08 01 8601 00 00 00'.replace(
        / /g,
        '',
      ),
      'hex',
    );
    const [position] = decodeRuptela(packet(body), session).messages;
    expect(position?.attributes.alarm).toBe('hardBraking');
  });

  it('turns an SMS-via-GPRS response into a result', () => {
    const [position] = decodeRuptela(vector(7), session).messages;
    expect(position).toMatchObject({ outdated: true, deviceTime: null });
    expect(position?.attributes).toEqual({
      type: 7,
      result: 'DIN1=1,DIN2=0,DIN3=0,DIN4=0,DOUT1=1,DOUT2=1,AIN1=17,AIN2=26',
    });
  });

  it('marks a record taken without a GPS fix (sentinel coordinates) as having no location of its own', () => {
    const body = Buffer.from(
      '000313612d76c5cb0100015c885fa8000080000000800000008000ffffffffff07000000000000'.replace(/ /g, ''),
      'hex',
    );
    const [position] = decodeRuptela(packet(body), session).messages;
    expect(position).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2019-03-13T01:40:56.000Z' });
  });

  it('answers a heartbeat with command 116', () => {
    expect(hex(decodeRuptela(packet(Buffer.from('000313612d76c5cb10', 'hex')), session).ack)).toBe('00027401862d');
    expect(hex(ruptelaPacket(116, Buffer.from([1])))).toBe('00027401862d');
  });
});

/** One record of the documented layout; `io` per value length: [id, value] (2-byte ids when extended). */
interface RecordSpec {
  seconds: number;
  lon: number;
  lat: number;
  recordExtension?: number;
  event?: number;
  io?: Partial<Record<1 | 2 | 4 | 8, [number, bigint | number][]>>;
}

/** A records (1) or extended records (68) packet built from the documented layout, with its length and CRC. */
function recordsPacket(command: 1 | 68, records: RecordSpec[], imei = 13227001564487n): Buffer {
  const extended = command === 68;
  const parts: Buffer[] = [];
  const head = Buffer.alloc(11);
  head.writeBigUInt64BE(imei, 0);
  head.writeUInt8(command, 8);
  head.writeUInt8(0, 9); // records left
  head.writeUInt8(records.length, 10);
  parts.push(head);
  for (const r of records) {
    const gps = Buffer.alloc(extended ? 25 : 23);
    let o = 0;
    o = gps.writeUInt32BE(r.seconds, o);
    o = gps.writeUInt8(0, o); // timestamp extension
    if (extended) o = gps.writeUInt8(r.recordExtension ?? 0, o);
    o = gps.writeUInt8(0, o); // priority
    o = gps.writeInt32BE(Math.round(r.lon * 1e7), o);
    o = gps.writeInt32BE(Math.round(r.lat * 1e7), o);
    o = gps.writeUInt16BE(1234, o); // 123.4 m
    o = gps.writeUInt16BE(9000, o); // 90°
    o = gps.writeUInt8(9, o); // satellites
    o = gps.writeUInt16BE(36, o); // km/h
    o = gps.writeUInt8(12, o); // hdop 1.2
    if (extended) gps.writeUInt16BE(r.event ?? 0, o);
    else gps.writeUInt8(r.event ?? 0, o);
    parts.push(gps);
    for (const length of [1, 2, 4, 8] as const) {
      const list = r.io?.[length] ?? [];
      parts.push(Buffer.from([list.length]));
      for (const [id, value] of list) {
        const element = Buffer.alloc((extended ? 2 : 1) + length);
        if (extended) element.writeUInt16BE(id, 0);
        else element.writeUInt8(id, 0);
        const at = extended ? 2 : 1;
        if (length === 8) element.writeBigUInt64BE(BigInt(value), at);
        else element.writeUIntBE(Number(value), at, length);
        parts.push(element);
      }
    }
  }
  return packet(Buffer.concat(parts));
}

describe('ruptela decoder: frames written from the protocol document', () => {
  const T = 1_700_000_000;

  it('gives each record of a multi-record packet its own fix, standard and extended', () => {
    for (const command of [1, 68] as const) {
      const records = [0, 1, 2].map((i) => ({ seconds: T + 60 * i, lon: 25.1 + i / 100, lat: 54.6 + i / 100 }));
      const result = decodeRuptela(recordsPacket(command, records), session);
      expect(result.messages.map((p) => [p.fixTime, p.latitude, p.longitude])).toEqual([
        ['2023-11-14T22:13:20.000Z', 54.6, 25.1],
        ['2023-11-14T22:14:20.000Z', 54.61, 25.11],
        ['2023-11-14T22:15:20.000Z', 54.62, 25.12],
      ]);
      expect(result.messages[0]).toMatchObject({ altitude: 123.4, course: 90, valid: true });
      expect(result.messages[0]?.attributes).toMatchObject({ sat: 9, hdop: 1.2 });
      expect(result.ack?.toString('hex')).toBe('0002640113bc');
    }
  });

  it('keeps records of the same second apart unless their record extension marks them as parts', () => {
    const records = [
      { seconds: T, lon: 25.1, lat: 54.6, recordExtension: 0x00 },
      // part 1 of 0: not a part (Traccar merges only parts 1..last)
      { seconds: T, lon: 25.2, lat: 54.7, recordExtension: 0x01 },
    ];
    const result = decodeRuptela(recordsPacket(68, records), session);
    expect(result.messages.map((p) => p.latitude)).toEqual([54.6, 54.7]);
  });

  it('merges the parts of a split extended record: the elements of both, the first part’s time', () => {
    const records = [
      { seconds: T, lon: 25.1, lat: 54.6, recordExtension: 0x10, io: { 1: [[409, 1]] as [number, number][] } },
      { seconds: T + 1, lon: 25.1, lat: 54.6, recordExtension: 0x11, io: { 4: [[65, 5000]] as [number, number][] } },
    ];
    const [position, ...rest] = decodeRuptela(recordsPacket(68, records), session).messages;
    expect(rest).toEqual([]);
    expect(position?.fixTime).toBe('2023-11-14T22:13:20.000Z');
    expect(position?.attributes).toMatchObject({ ignition: true, odometer: 5000 });
  });

  it('reads the tachograph driver (155/156), the CAN driver (126/127) and the tag id (760/761)', () => {
    const half = (text: string) => Buffer.from(text, 'latin1').readBigUInt64BE(0);
    const tco = decodeRuptela(
      recordsPacket(1, [
        {
          seconds: T,
          lon: 1,
          lat: 1,
          io: {
            8: [
              [155, half('10000000')],
              [156, half('12345678')],
            ],
          },
        },
      ]),
      session,
    ).messages[0];
    expect(tco?.attributes.driverUniqueId).toBe('1000000012345678');
    expect(tco?.attributes.io155).toBeUndefined();
    const tag = decodeRuptela(
      recordsPacket(68, [
        {
          seconds: T,
          lon: 1,
          lat: 1,
          io: {
            8: [
              [760, 0x0a0bn],
              [761, 0xff00n],
            ],
          },
        },
      ]),
      session,
    ).messages[0];
    expect(tag?.attributes.tagId).toBe('a0bff00');
  });

  it('keeps the record time and no fix of a record taken without GPS (sentinel coordinates)', () => {
    const body = recordsPacket(1, [{ seconds: T, lon: 0, lat: 0 }]);
    body.writeInt32BE(-0x80000000, 2 + 11 + 6); // longitude
    body.writeInt32BE(-0x80000000, 2 + 11 + 10); // latitude
    const [position] = decodeRuptela(body, session).messages;
    expect(position).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2023-11-14T22:13:20.000Z' });
    expect(position?.attributes.sat).toBeUndefined();
  });

  it('decodes DTCs (9) with their archive flag and acknowledges them with 109', () => {
    const body = Buffer.alloc(9 + 1 + 2 * 19);
    body.writeBigUInt64BE(13227001564487n, 0);
    body.writeUInt8(9, 8);
    body.writeUInt8(2, 9);
    for (const [i, code, state] of [
      [0, 'P0171', 1],
      [1, 'C1234', 2],
    ] as const) {
      const at = 10 + 19 * i;
      body.writeUInt32BE(T, at + 1);
      body.writeInt32BE(251000000, at + 5);
      body.writeInt32BE(546000000, at + 9);
      body.writeUInt8(state, at + 13);
      body.write(code, at + 14, 'latin1');
    }
    const result = decodeRuptela(packet(body), session);
    expect(result.ack?.toString('hex')).toBe('00026d01c4a4');
    expect(result.messages.map((p) => [p.latitude, p.attributes.dtcs, p.attributes.archive])).toEqual([
      [54.6, 'P0171', undefined],
      [54.6, 'C1234', true],
    ]);
  });

  it('answers identification (15) with 115 and turns a set-IO reply (17) into a result', () => {
    const identification = packet(Buffer.concat([Buffer.from('000bc1a0d3d7b1470f', 'hex'), Buffer.alloc(20)]));
    expect(decodeRuptela(identification, session).ack?.toString('hex')).toBe('00027301cb25');
    const [reply] = decodeRuptela(packet(Buffer.from('000bc1a0d3d7b1471101', 'hex')), session).messages;
    expect(reply?.attributes).toEqual({ type: 17, result: '1' });
  });
});

describe('ruptela decoder: malformed frames', () => {
  it('decodes a packet whose CRC does not match, as Traccar (which never checks it) does', () => {
    const wrongCrc = Buffer.from(vector(11));
    wrongCrc.writeUInt16BE(0, wrongCrc.length - 2);
    expect(decodeRuptela(wrongCrc, session)).toEqual(decodeRuptela(vector(11), session));
  });

  it('rejects a truncated frame and a length too short for an IMEI', () => {
    expect(() => decodeRuptela(vector(11).subarray(0, 40), session)).toThrow('truncated');
    expect(() => decodeRuptela(Buffer.from('0003000000', 'hex'), session)).toThrow('short');
  });

  it('rejects records cut short inside a valid packet', () => {
    const body = vector(11).subarray(2, 40);
    expect(() => decodeRuptela(packet(body), session)).toThrow('truncated');
  });
});

describe('ruptela decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const random = seededRandom(0x5e1a);
    let slowest = 0;
    const timed = (frame: Buffer) => {
      const started = performance.now();
      try {
        decodeRuptela(frame, session);
      } catch (err) {
        expect(err).toBeInstanceOf(Error);
      }
      return performance.now() - started;
    };
    const decode = (frame: Buffer) => {
      // An outlier is timed again: a GC pause or a busy machine passes, a slow input does not.
      let elapsed = timed(frame);
      if (elapsed > 20) elapsed = timed(frame);
      slowest = Math.max(slowest, elapsed);
    };
    for (const v of vectors) {
      for (const mutant of mutations(frameOf(v), 200, random)) {
        const framer = ruptelaFramer();
        const frames = [...framer.push(mutant.subarray(0, 5)), ...framer.push(mutant.subarray(5))];
        // Re-sealed mutants (length and CRC fixed) reach the record decoding.
        const body = mutant.subarray(2, Math.max(2, mutant.length - 2));
        for (const frame of [mutant, packet(body), ...frames]) decode(frame);
      }
    }
    expect(slowest).toBeLessThan(20);
  });
});
