import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import type { Decoder } from '../protocol.types';
import { createXirgoDecoder, decodeXirgo } from './xirgo.decoder';
import { xirgoFramer } from './xirgo.framer';
import { xirgoProtocol } from './xirgo.protocol';

const session = sessionFor('xirgo');
const decode = (text: string, s = session) => decodeXirgo(Buffer.from(text, 'latin1'), s);

/** The decoder configured per vector as Traccar's test configured it (`setForm`). */
function configuredAsTraccar(): Decoder<Buffer> {
  const forms = new Map<string, string>();
  for (const vector of loadVectors('xirgo') as { config?: { call: string; args: string[] }[] }[]) {
    const last = vector.config?.filter((c) => c.call === 'setForm').at(-1);
    if (last) forms.set(frameOf(vector as never).toString('hex'), last.args[0] as string);
  }
  return (frame, s) => createXirgoDecoder(forms.get(frame.toString('hex')))(frame, s);
}

describe('xirgo decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did, with the form Traccar was given', () => {
    const score = scoreProtocol({ ...xirgoProtocol, decoder: configuredAsTraccar() }, loadVectors('xirgo'));
    // fuelConsumption is a number here (Traccar keeps the text "7.0"): the only difference
    expect(score.mismatches.map((m) => m.reason)).toEqual([
      'attribute fuelConsumption: 7 ≠ "7.0"',
      'attribute fuelConsumption: 0 ≠ "0.0"',
      'attribute fuelConsumption: 0 ≠ "0.0"',
    ]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  it('decodes the fixed layouts without a form', () => {
    const vectors = loadVectors('xirgo').filter((v) => !(v as { needs_config?: boolean }).needs_config);
    const score = scoreProtocol(xirgoProtocol, vectors);
    expect(score.positionRate).toBe(1);
  });
});

describe('xirgo decoder', () => {
  it('learns the old layout from the first report and keeps it for the connection', () => {
    const old =
      '$$354898045650537,6031,2015/02/26,15:47:26,33.42552,-112.30308,287.8,0,0,0,0,0.0,7,1.2,2,0.0,12.2,22,1,0,82.3';
    const first = decode(
      '$$354660046140722,6001,2013/01/22,15:36:18,25.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##',
    );
    expect(first.state).toEqual({ format: 'old' });
    const learnt = decode(old, sessionFor('xirgo', { state: { format: 'old' } })).messages[0];
    expect(learnt?.attributes).toMatchObject({ event: 6031, motion: false, sat: 0, rssi: 7 });
    expect(decode(old).messages[0]?.attributes).toMatchObject({ sat: 7, battery: 12.2, rssi: 22 });
  });

  it('maps event codes to ignition and alarms', () => {
    const report = (event: number) =>
      decode(
        `$$354660046140722,${event},2013/01/22,15:36:18,25.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##`,
      ).messages[0]?.attributes;
    expect(report(4001)?.ignition).toBe(true);
    expect(report(4005)?.charge).toBe(false);
    expect(report(6002)?.alarm).toBe('overspeed');
    expect(report(6009)?.alarm).toBe('powerCut');
    expect(report(6017)?.alarm).toBe('tow');
    expect(report(6091)?.alarm).toBe('lowBattery');
  });

  it('answers UDP reports with !UDP_ACK and the sequence number', () => {
    const udp = sessionFor('xirgo', { transport: 'udp' });
    const result = decode(
      '$$354660046140722,6001,2013/01/22,15:36:18,25.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##',
      udp,
    );
    expect(result.ack).toBe('!UDP_ACK,6001,2');
    expect(
      decode('$$354660046140722,6001,2013/01/22,15:36:18,25.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##')
        .ack,
    ).toBeUndefined();
  });

  it('reads a form with IMEI, odometer and course in tenths', () => {
    const decoder = createXirgoDecoder('IM,EV,D,T,LT,LN,AL,GSPT,HD,SV,BV,CQ,MI,GS,IG');
    const result = decoder(
      Buffer.from('$$351234567890123,6011,12/31/2020,23:59:58,-33.5,151.25,12,36.0,1805,9,12.8,25,4567,3,1##'),
      session,
    );
    expect(result.uniqueId).toBe('351234567890123');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2020-12-31T23:59:58.000Z',
      valid: true,
      latitude: -33.5,
      longitude: 151.25,
      course: 180.5,
      attributes: { event: 6011, ignition: true, sat: 9, battery: 12.8, rssi: 25, odometer: 4567 },
    });
    expect(decoder(Buffer.from('$$351234567890123,6011##'), session).messages).toEqual([]);
    expect(() => decoder(Buffer.from('$$1,x,12/31/2020,23:59:58,0,0,0,0,0,0,0,0,0,0,0##'), session)).toThrow(
      'not an integer',
    );
  });

  it('yields nothing for other text and refuses impossible coordinates', () => {
    expect(decode('$$184800619,6115,Y1z1.1179AA2.3.7c79d34,,,000##').messages).toEqual([]);
    expect(() =>
      decode('$$354660046140722,6001,2013/01/22,15:36:18,95.80907,-80.32531,7.1,19,165.2,11,0.8,11.1,17,1,1,3.9,2##'),
    ).toThrow('out of range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('xirgo', xirgoFramer, decodeXirgo);
    expect(mutants).toBe(200 * loadVectors('xirgo').length);
  });
});

describe('xirgo: the form as a device setting', () => {
  it("reads a report by the device's own form (setting xirgo.form) and by the fixed layouts without it", () => {
    const form = 'UID,EV,D,T,LT,LN,AL,GSPT,HD,SV,HP,BV,CQ,GS,SI,IG,OT';
    const report = Buffer.from(
      '$$862462030000000,4001,05/01/2024,10:20:30,45.50000,-73.60000,120,55,90,9,1.1,12.6,20,1,1,1,0##',
      'latin1',
    );
    const configured = decodeXirgo(report, { ...sessionFor('xirgo'), settings: { 'xirgo.form': form } });
    expect(configured.messages[0]).toMatchObject({
      latitude: 45.5,
      longitude: -73.6,
      fixTime: '2024-05-01T10:20:30.000Z',
    });
    expect(decodeXirgo(report, sessionFor('xirgo')).messages[0]?.latitude).not.toBe(45.5);
  });
});
