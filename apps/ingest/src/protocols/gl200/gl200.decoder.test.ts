import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { positionFixSchema } from '@waymark/contracts/position';
import { describe, expect, it } from 'vitest';
import { mutations, seededRandom } from '../../testing/mutations';
import { expectSameAsTraccar, loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import type { DecodedPosition } from '../protocol.types';
import { decodeGl200 } from './gl200.decoder';
import { gl200Framer } from './gl200.framer';
import { gl200Protocol } from './gl200.protocol';

const vectors = loadVectors('gl200');
const session = testSession({ protocol: 'gl200' });
const text = (s: string) => Buffer.from(s, 'latin1');
const vector = (index: number) => {
  const found = vectors.find((v) => v.index === index);
  if (!found) throw new Error(`no vector ${index}`);
  return found;
};
const decodeVector = (index: number) => decodeGl200(frameOf(vector(index)), session);

describe('gl200 decoder: Traccar vectors', () => {
  it('decodes every message as Traccar did, but for the documented deviations', () => {
    const score = scoreProtocol(gl200Protocol, vectors);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
    expect(score.messagesMatched).toBe(score.messages);
    // Attribute values we deliberately decode differently: external power of binary
    // reports in volts (Traccar leaves mV), a GTINF with a VIN (Traccar reads its fields one place off), and no
    // battery level from the reserved 00 before the send time of GTSTT/GTJDS.
    expect(score.mismatches.map((m) => `${m.index} ${m.reason.split(':')[0]}`)).toEqual([
      '4 attribute power',
      '6 attribute power',
      '101 attribute iccid',
      '101 attribute power',
      '101 attribute battery',
      '143 attribute batteryLevel',
      '166 attribute batteryLevel',
      '186 attribute batteryLevel',
    ]);
  });

  it('returns the IMEI Traccar looked up for each message, and positions the bus accepts', () => {
    for (const v of vectors) {
      const result = decodeGl200(frameOf(v), session);
      expect(result.uniqueId, `vector ${v.index}`).toBe(v.traccar.uniqueIds[0]);
      for (const position of result.messages) positionFixSchema.parse(position);
    }
  });
});

describe('gl200 decoder: text messages', () => {
  it('answers the heartbeat with +SACK:GTHBD and decodes nothing', () => {
    const result = decodeGl200(text('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$'), session);
    expect(result).toEqual({ messages: [], uniqueId: '135790246811220', ack: '+SACK:GTHBD,1A0401,11F0$' });
  });

  it('decodes a fixed report with its device status', () => {
    const [position] = decodeVector(113).messages;
    expect(position).toMatchObject({
      fixTime: '2009-02-14T01:32:54.000Z',
      deviceTime: '2009-02-14T01:32:54.000Z',
      valid: true,
      latitude: 31.222073,
      longitude: 121.354335,
      altitude: 70,
      course: 92,
    });
    expect(position?.speed).toBeCloseTo(2.3218, 4); // 4.3 km/h
    expect(position?.attributes).toMatchObject({
      odometer: 2_000_000,
      hours: 44_442_754_000,
      batteryLevel: 80,
      ignition: true,
      input: 1,
      output: 0,
      type: 'FRI',
    });
  });

  it('gives one position per location block of a multi-point fixed report, extras on the last', () => {
    const result = decodeVector(141);
    expect(result.messages.map((p) => p.fixTime)).toEqual(['2009-02-14T01:32:54.000Z', '2009-01-01T00:00:00.000Z']);
    expect(result.messages[0]?.attributes).toEqual({ vin: '1G1JC5444R7252367', hdop: 1, type: 'FRI' });
    expect(result.messages[1]?.attributes).toMatchObject({ odometer: 2_000_000, fuel: 50, batteryLevel: 80 });
  });

  it('decodes an SOS alarm with its cell', () => {
    const [position] = decodeVector(11).messages;
    expect(position?.attributes.alarm).toBe('sos');
    expect(position?.deviceTime).toBe('2021-07-14T19:52:24.000Z');
    expect(position?.network?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 1, locationAreaCode: 0x25f8, cellId: 0x061a7d02 },
    ]);
  });

  it('decodes one-wire temperatures, BLE tags and analog fuel levels of GTERI', () => {
    expect(decodeVector(61).messages[0]?.attributes).toMatchObject({ temp1: -1.875, temp2: -3.5, adc2: 2.789 });
    expect(decodeVector(23).messages[0]?.attributes).toMatchObject({ tag1Id: '7805412CF2DD', fuel2: 0, sat: 10 });
  });

  it('decodes CAN data and keeps a status report without its own location outdated', () => {
    const [can] = decodeVector(93).messages;
    expect(can?.attributes).toMatchObject({ rpm: 1440, range: 181_000, hours: 214_128_000, indicators: 0x610 });
    const [status] = decodeVector(97).messages;
    expect(status).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2017-08-31T17:10:10.000Z' });
    expect(status?.attributes).toMatchObject({ iccid: '89011702272048900184', rssi: 11, battery: 4.08 });
  });

  it('turns a command acknowledgement into a result', () => {
    const [position] = decodeVector(191).messages;
    expect(position?.attributes).toEqual({ result: '+ACK:GTJDC' });
  });

  it('decodes a frame without its $ as the framer delivers it', () => {
    const withDollar = decodeVector(107);
    const payload = vector(107).payload.replace(/\$$/, '');
    expect(decodeGl200(text(payload), session)).toEqual(withDollar);
  });

  it('remembers the device type a GTVER reports (the encoder derives the password from it)', () => {
    expect(decodeVector(188).state).toEqual({ deviceType: 'GL300' });
  });
});

describe('gl200 decoder: binary messages', () => {
  it('decodes an event report with cell, battery and external power', () => {
    const [position] = decodeVector(6).messages;
    expectSameAsTraccar(position!, { ...vector(6).traccar.positions[0]!, attributes: position!.attributes }, 'v6');
    expect(position?.attributes).toEqual({ versionFw: '264', batteryLevel: 100, power: 12.586, sat: 9, hdop: 0 });
  });

  it('expands a compressed track into one position a second', () => {
    const result = decodeVector(2);
    const expected = vector(2).traccar.positions;
    expect(result.uniqueId).toBe('6211119207959184133');
    expect(result.messages).toHaveLength(268);
    result.messages.forEach((p, i) => {
      expectSameAsTraccar(p, expected[i]!, `v2 #${i}`);
    });
  });

  it('decodes nothing from an acknowledgement', () => {
    expect(decodeVector(7)).toEqual({ messages: [] });
  });
});

describe('gl200 decoder: malformed frames', () => {
  it('throws on a text message that is not Queclink', () => {
    expect(() => decodeGl200(text('+RESP:HELLO,1,2,3$'), session)).toThrow(Error);
    expect(() => decodeGl200(text('+RESP:GTFRI$'), session)).toThrow('too short');
  });

  it('throws on a binary report whose declared length exceeds the frame or that is truncated', () => {
    const frame = frameOf(vector(4));
    expect(() => decodeGl200(frame.subarray(0, 40), session)).toThrow('declares');
    const short = Buffer.from(frame.subarray(0, 40));
    short.writeUInt16BE(40, 9);
    expect(() => decodeGl200(short, session)).toThrow('truncated');
    expect(() => decodeGl200(Buffer.from('2b585858000000000000', 'hex'), session)).toThrow('unsupported');
  });

  it('decodes nothing from an information report too short to be one (as Traccar)', () => {
    expect(decodeVector(164).messages).toEqual([]);
  });
});

describe('gl200 decoder: robustness', () => {
  const frames = [
    ...vectors.map((v) => frameOf(v)),
    ...readFileSync(
      fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/gl200.jsonl', import.meta.url)),
      'utf8',
    )
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Buffer.from((JSON.parse(line) as { input: string }).input, 'hex')),
  ];

  it('survives 200 mutations of every fixture frame: the framer never throws, the decoder throws only Errors and yields valid positions', () => {
    const random = seededRandom(200);
    /** Frames and decodes a mutant; returns how long that took and what it decoded. */
    const run = (mutant: Buffer): [number, DecodedPosition[]] => {
      const started = performance.now();
      const positions: DecodedPosition[] = [];
      for (const cut of [...gl200Framer().push(mutant), mutant]) {
        try {
          positions.push(...decodeGl200(cut, session).messages);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
        }
      }
      return [performance.now() - started, positions];
    };
    let slowest = 0;
    for (const frame of frames) {
      for (const mutant of mutations(frame, 200, random)) {
        let [elapsed, positions] = run(mutant);
        for (const position of positions) positionFixSchema.parse(position);
        // A garbage collection or a busy machine can pause one run: only a mutant slow every time counts.
        for (let retry = 0; retry < 3 && elapsed > 5; retry++) elapsed = Math.min(elapsed, run(mutant)[0]);
        slowest = Math.max(slowest, elapsed);
      }
    }
    expect(slowest).toBeLessThan(20);
  });
});
