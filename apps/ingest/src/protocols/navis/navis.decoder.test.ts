import { positionFixSchema } from '@waymark/contracts/position';
import { describe, expect, it } from 'vitest';
import { mutations, seededRandom } from '../../testing/mutations';
import { fuzzVectors, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeNavis, type NavisState } from './navis.decoder';
import { NAVIS_MAX_FRAME, navisFramer } from './navis.framer';
import { navisProtocol } from './navis.protocol';
import { ascii, f32, flex, hex, i32, negotiation, ntcb, session, u32 } from './navis.test-kit';
import { flexFields, flexRecordSize } from './navis-flex';
import { crc8, ntcbPacket } from './navis-ntcb';

// Navtelecom's own connection example (its developers' wiki): the device's *>S, the server's *<S, the device's
// *>FLEX 3.0 and the server's *<FLEX.
const WIKI_S = '404e544301000000000000001300464d2a3e533a383636373935303333333233383634';
const WIKI_S_ACK = '404e544300000000010000000300455e2a3c53';
const WIKI_FLEX =
  '404e544301000000000000002a0046742a3e464c4558b01e1efffffe300a08000000020000000020003800200000000000000104000000060000';
const WIKI_FLEX_ACK = '404e544300000000010000000900b1a02a3c464c4558b01e1e';

describe('navis: Traccar vectors', () => {
  it('decodes them as Traccar did (the armed differences are explained in docs/protocols.md)', () => {
    const score = scoreProtocol(navisProtocol, loadVectors('navis'));
    expect(score.mismatches).toEqual([
      { index: 2, reason: 'attribute armed: true ≠ 8' },
      { index: 4, reason: 'attribute armed: true ≠ 8' },
      { index: 6, reason: 'attribute armed: true ≠ false' },
    ]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  it('never lets a mutated frame escape or hang', () => {
    const { mutants } = fuzzVectors('navis', navisFramer, decodeNavis);
    expect(mutants).toBeGreaterThan(3000);
  });

  it('survives mutated FLEX records under a negotiated layout', () => {
    const flex10 = loadVectors('navis').find((v) => v.index === 9);
    const state = decodeNavis(frameOf(flex10 as never), session()).state as NavisState;
    const random = seededRandom(15);
    let decoded = 0;
    for (const c of loadFrameCases('navis').filter((c) => c.index === 3 || c.index === 4)) {
      for (const mutant of mutations(c.input, 400, random)) {
        try {
          for (const p of decodeNavis(mutant, session(state)).messages) {
            expect(positionFixSchema.safeParse(p).success).toBe(true);
            decoded += 1;
          }
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }
    }
    expect(decoded).toBeGreaterThan(0);
  });
});

describe('navis decoder: NTCB', () => {
  it('takes the IMEI of *>S and answers *<S with the ids swapped, as Navtelecom shows', () => {
    const result = decodeNavis(hex(WIKI_S), session());
    expect(result.uniqueId).toBe('866795033323864');
    expect(result.messages).toEqual([]);
    expect(result.ack).toEqual(hex(WIKI_S_ACK));
    expect(result.state).toEqual({ device: 0, server: 1 });
  });

  it('keeps the FLEX fields of *>FLEX in the session and answers *<FLEX with its versions', () => {
    const result = decodeNavis(hex(WIKI_FLEX), session({ device: 0, server: 1 }));
    expect(result.ack).toEqual(hex(WIKI_FLEX_ACK));
    const flexState = (result.state as NavisState).flex;
    expect(flexState).toMatchObject({ version: 30, structure: 30 });
    expect(flexState?.fields).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 29, 31, 37, 71, 107, 123, 124, 125, 139, 200, 206, 238,
      239,
    ]);
    // fields whose size the field list here does not give: the record size is unknown
    expect(flexRecordSize(flexState?.fields ?? [])).toBeNull();
    expect(flexRecordSize([1, 2, 3])).toBe(10);
  });

  it('decodes an NTCB array of two format-6 records and answers *<A with the count', () => {
    const single = frameOf(loadVectors('navis').find((v) => v.index === 6) as never);
    const record = Buffer.from(single.subarray(19));
    const second = Buffer.from(record);
    second.writeUInt32LE(6059, 1);
    second.writeInt32LE(-33_790_800, 81); // 56.318° south
    const frame = ntcb(Buffer.concat([ascii('*>A'), Buffer.of(2), record, second]));
    const result = decodeNavis(frame, session({ device: 7, server: 1 }));
    expect(result.messages.map((p) => [p.attributes.index, Math.round(p.latitude * 1000) / 1000])).toEqual([
      [6058, 56.318],
      [6059, -56.318],
    ]);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2019-01-16T22:22:36.000Z',
      altitude: 141.1,
      course: 55,
      attributes: { format: 6, out2: true, in8: true, rpm: 65535, axleWeight: -1, sat: 10 },
    });
    expect(result.ack).toEqual(ntcbPacket(0, 1, Buffer.concat([ascii('*<A'), Buffer.of(2)])));
  });

  it('places a record without a fix time at its event time, and one with impossible coordinates nowhere', () => {
    const single = frameOf(loadVectors('navis').find((v) => v.index === 6) as never);
    const record = Buffer.from(single.subarray(19));
    record.fill(0, 75, 81); // no fix time
    const [p] = decodeNavis(ntcb(Buffer.concat([ascii('*>T'), record])), session()).messages;
    expect(p).toMatchObject({ fixTime: '2019-01-16T22:22:36.000Z', outdated: false });
    record.writeInt32LE(100 * 600000, 81); // latitude 100°
    const result = decodeNavis(ntcb(Buffer.concat([ascii('*>T'), record])), session());
    expect(result.messages[0]).toMatchObject({ outdated: true, valid: false, fixTime: null });
    expect(result.messages[0]?.deviceTime).toBe('2019-01-16T22:22:36.000Z');
    expect(result.ack).toBeDefined();
  });

  it('answers *>T with *<T and the record index', () => {
    const frame = frameOf(loadVectors('navis').find((v) => v.index === 6) as never);
    const result = decodeNavis(frame, session());
    const sender = frame.readUInt32LE(8);
    expect(result.ack).toEqual(ntcbPacket(sender, 1, Buffer.concat([ascii('*<T'), hex(u32(6058))])));
  });

  it('gives a command answer (*@) as the result of a position without a fix, and acknowledges nothing', () => {
    const result = decodeNavis(ntcb(ascii('*@C01 OK')), session());
    expect(result.ack).toBeUndefined();
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ outdated: true, attributes: { result: '*@C01 OK' } });
  });

  it('passes over the keep-alive byte and an NTCB message it has no use for', () => {
    expect(decodeNavis(Buffer.of(0x7f), session())).toEqual({ messages: [] });
    expect(decodeNavis(ntcb(ascii('*>PING')), session()).messages).toEqual([]);
  });
});

describe('navis decoder: FLEX', () => {
  // FLEX 2.0 fields: record number, event, time, status bytes, GSM, navigation, last valid time, coordinates,
  // altitude, speed, course, mileage, segment, power, battery, inputs, outputs, hours, two temperatures,
  // satellites in view and DOP
  const fields = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20, 29, 31, 37, 45, 46, 70, 71];
  const state = decodeNavis(negotiation(fields), session()).state as NavisState;
  const time = Date.UTC(2025, 5, 1, 8, 30, 0) / 1000;
  const record = (index: number, latMinutes: number) =>
    [
      u32(index),
      '2111',
      u32(time + 5),
      '08', // working mode 1: guard
      'a9',
      '00',
      '14',
      '2b', // on, valid, 10 satellites
      u32(time),
      i32(latMinutes * 10000),
      i32(-(37 * 60 + 30) * 10000),
      i32(-125),
      f32(100),
      '0e01',
      f32(12.5),
      f32(0.25),
      '7b6c',
      '5910',
      '05',
      '02',
      u32(3600),
      'f6',
      '19',
      '0605000000000000',
      '0c14',
    ].join('');

  it('reads the fields the device negotiated', () => {
    expect(state.flex?.fields).toEqual(fields);
    expect(flexRecordSize(fields)).toBe(record(1, 0).length / 2);
    expect(flexFields(hex('c0'), 2)).toEqual([1, 2]);
  });

  it('decodes a ~T message and answers ~T with its index and CRC-8', () => {
    const frame = flex('T', `${u32(77)}${record(77, 55 * 60 + 45)}`);
    const result = decodeNavis(frame, session(state));
    expect(result.ack).toEqual(flex('T', u32(77)));
    const [p] = result.messages;
    expect(p).toMatchObject({
      fixTime: '2025-06-01T08:30:00.000Z',
      deviceTime: '2025-06-01T08:30:00.000Z',
      valid: true,
      altitude: -12.5,
      course: 270,
      attributes: {
        index: 77,
        event: 0x1121,
        armed: true,
        status: 0xa9,
        rssi: 20,
        sat: 10,
        odometer: 12500,
        distance: 250,
        power: 27.771,
        battery: 4.185,
        input: 5,
        in1: true,
        in2: false,
        in3: true,
        output: 2,
        out2: true,
        hours: 3_600_000,
        temp1: -10,
        temp2: 25,
        satVisible: 11,
        hdop: 1.2,
        pdop: 2,
      },
    });
    expect(p?.latitude).toBeCloseTo(55.75, 6);
    expect(p?.longitude).toBeCloseTo(-37.5, 6);
    expect(p?.speed).toBeCloseTo(100 * 0.539957, 4);
  });

  it('decodes a ~A array and answers ~A with the count', () => {
    const frame = flex('A', `02${record(1, 60)}${record(2, 120)}`);
    const result = decodeNavis(frame, session(state));
    expect(result.messages.map((p) => [p.attributes.index, p.latitude])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(result.ack).toEqual(flex('A', '02'));
    expect(result.ack).toEqual(Buffer.from([0x7e, 0x41, 0x02, crc8(Buffer.from([0x7e, 0x41, 0x02]), 0, 3)]));
  });

  it('decodes a ~C current state and answers ~C', () => {
    const result = decodeNavis(flex('C', record(9, 30)), session(state));
    expect(result.messages[0]?.attributes.index).toBe(9);
    expect(result.ack).toEqual(flex('C', ''));
  });

  it('gives the event time, without a fix, to a record without coordinates', () => {
    const onlyTime = decodeNavis(negotiation([1, 2, 3]), session()).state as NavisState;
    const [p] = decodeNavis(flex('C', `${u32(3)}0100${u32(time)}`), session(onlyTime)).messages;
    expect(p).toMatchObject({ outdated: true, valid: false, deviceTime: '2025-06-01T08:30:00.000Z', fixTime: null });
  });

  it('acknowledges ~E and ~X extended messages without decoding them', () => {
    const e = flex('E', `02 ${u32(5)} 0300 aabbcc ${u32(6)} 0100 dd`);
    expect(decodeNavis(e, session(state))).toEqual({ messages: [], ack: flex('E', '02') });
    const x = flex('X', `${u32(8)} 0200 0102`);
    expect(decodeNavis(x, session())).toEqual({ messages: [], ack: flex('X', u32(8)) });
  });
});

describe('navis: FLEX fields of unknown size', () => {
  // Traccar's FLEX 3.0 connection (its frame test, disabled there): the negotiation names fields whose sizes the
  // field list here does not give (58-62, 66-68, 77, 106, …, 206), then a ~A of 4 records follows
  const cases = loadFrameCases('navis');
  const negotiation30 = cases.find((c) => c.index === 5)?.input as Buffer;
  const array = cases.find((c) => c.index === 6)?.input as Buffer;

  it('learns the record size from a ~A of several records (CRC-8 and consecutive record numbers) and cuts it', () => {
    const framer = navisFramer();
    const frames: Buffer[] = [];
    for (let i = 0; i < array.length + negotiation30.length; i += 50) {
      frames.push(...framer.push(Buffer.concat([negotiation30, array]).subarray(i, i + 50)));
    }
    expect(frames).toEqual([negotiation30, array]);
    // the size once learnt cuts the next messages at once, ~T and ~C too
    const t = flex('T', `${u32(9)}${array.subarray(3, 3 + 171).toString('hex')}`);
    expect(framer.push(t)).toEqual([t]);
  });

  it('decodes the fields before the first one of unknown size, and acknowledges the array', () => {
    const state = decodeNavis(negotiation30, session()).state as NavisState;
    const result = decodeNavis(array, session(state));
    expect(result.ack).toEqual(flex('A', '04'));
    expect(result.messages.map((p) => p.attributes.index)).toEqual([0x62102, 0x62103, 0x62104, 0x62105]);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2021-09-01T16:48:04.000Z',
      valid: true,
      altitude: 149,
      course: 296,
      attributes: { sat: 11, power: 14.186, battery: 4.102, temp1: -128, obdOdometer: 0 },
    });
    expect(result.messages[0]?.attributes).not.toHaveProperty('satVisible'); // field 70 comes after field 58
  });

  it('keeps its work and buffer bounded on a stream of array heads that never hold', () => {
    const framer = navisFramer();
    framer.push(negotiation30);
    const junk = Buffer.alloc(4096);
    for (let i = 0; i < junk.length; i += 8) junk.write('~A\u0002\u0001\u0000\u0000\u0000x', i, 'latin1');
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      framer.push(junk);
      expect(framer.buffered).toBeLessThanOrEqual(NAVIS_MAX_FRAME + junk.length);
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('passes over a single-record ~A before the size is known', () => {
    const framer = navisFramer();
    framer.push(negotiation30);
    const single = flex('A', `01${array.subarray(3, 3 + 171).toString('hex')}`);
    expect(framer.push(single).filter((f) => !f.equals(Buffer.of(0x7f)))).toEqual([]);
  });
});

describe('navis decoder: bad input', () => {
  const good = hex(WIKI_S);
  it('refuses bad checksums, lengths and identifiers', () => {
    const header = Buffer.from(good);
    header[15] = (header[15] as number) ^ 1;
    expect(() => decodeNavis(header, session())).toThrow('header checksum');
    const data = Buffer.from(good);
    data[20] = (data[20] as number) ^ 1;
    data[14] = (data[14] as number) ^ 0; // data checksum now wrong
    expect(() => decodeNavis(data, session())).toThrow('data checksum');
    expect(() => decodeNavis(good.subarray(0, good.length - 1), session())).toThrow();
    expect(() => decodeNavis(good.subarray(0, 10), session())).toThrow('cut');
    expect(() => decodeNavis(ntcb(ascii('*>S:')), session())).toThrow('identifier');
    expect(() => decodeNavis(ascii('hello'), session())).toThrow('neither');
  });

  it('refuses unknown NTCB formats, cut records and bad negotiations', () => {
    expect(() => decodeNavis(ntcb(Buffer.concat([ascii('*>T'), Buffer.of(99, 1, 2)])), session())).toThrow('format 99');
    expect(() => decodeNavis(ntcb(Buffer.concat([ascii('*>T'), Buffer.of(6, 1, 2)])), session())).toThrow('cut');
    expect(() => decodeNavis(ntcb(Buffer.concat([ascii('*>A'), Buffer.of(1)])), session())).toThrow();
    expect(() =>
      decodeNavis(ntcb(Buffer.concat([ascii('*>FLEX'), Buffer.of(0xb1, 10, 10, 8, 0xff)])), session()),
    ).toThrow('not FLEX');
    expect(() =>
      decodeNavis(ntcb(Buffer.concat([ascii('*>FLEX'), Buffer.of(0xb0, 10, 10, 16, 0xff)])), session()),
    ).toThrow('cut');
  });

  it('refuses FLEX messages with a bad CRC, before a negotiation, of a wrong length or of unknown fields', () => {
    const state = decodeNavis(negotiation([1, 2, 3]), session()).state as NavisState;
    const frame = flex('C', `${u32(3)}0100${u32(1e9)}`);
    const bad = Buffer.from(frame);
    bad[3] = (bad[3] as number) ^ 0x10;
    expect(() => decodeNavis(bad, session(state))).toThrow('checksum');
    expect(() => decodeNavis(frame, session())).toThrow('before the negotiation');
    expect(() => decodeNavis(flex('C', `${u32(3)}0100`), session(state))).toThrow('length');
    expect(() => decodeNavis(flex('A', `00`), session(state))).toThrow('length');
    expect(() => decodeNavis(flex('Q', `00`), session(state))).toThrow('type Q');
    const unknown = decodeNavis(negotiation([1, 3, 200]), session()).state as NavisState;
    expect(() => decodeNavis(flex('C', `${u32(3)}${u32(1e9)}`), session(unknown))).toThrow('length');
    expect(() => decodeNavis(Buffer.from([0x7e, 0x58]), session())).toThrow('cut');
  });
});
