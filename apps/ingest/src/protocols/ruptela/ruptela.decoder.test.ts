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

describe('ruptela decoder: malformed frames', () => {
  it('rejects a bad CRC, a truncated frame and a length too short for an IMEI', () => {
    const corrupt = Buffer.from(vector(11));
    corrupt[30] = (corrupt[30] as number) ^ 0x10;
    expect(() => decodeRuptela(corrupt, session)).toThrow('CRC');
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
