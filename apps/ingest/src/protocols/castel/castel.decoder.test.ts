import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeCastel } from './castel.decoder';
import { castelFramer } from './castel.framer';
import { castelProtocol } from './castel.protocol';
import { castelFrame } from './castel-common';

const session = sessionFor('castel');
const decode = (hex: string) => decodeCastel(Buffer.from(hex, 'hex'), session);
const ackHex = (result: { ack?: unknown }) => (result.ack as Buffer).toString('hex');
const ID = '213EP2016000585';
const frame = (type: number, content: string, version = 4) =>
  castelFrame(version, ID, type, Buffer.from(content.replace(/ /g, ''), 'hex')).toString('hex');
/** STAT_DATA: ignition-on and UTC times, odometer 10000 m, trip 100 m, fuel 1000, trip fuel, status 0x40000, reserve. */
const STAT = '00000000 00000000 10270000 64000000 e8030000 0000 00000400 0000000000000000';
/** 2 Jan 2024 03:04:05, 10° N, 20° W, 10 m/s, 90°, fix, 7 satellites. */
const FIX = '020118 030405 00512502 00a24a04 e803 8403 7e';

describe('castel: Traccar vectors', () => {
  it("decodes them as Traccar did (the issue's bars: 98 % of messages, 95 % of attribute values)", () => {
    const score = scoreProtocol(castelProtocol, loadVectors('castel'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });

  it('never lets a mutated frame escape or hang', () => {
    const { mutants } = fuzzVectors('castel', castelFramer, decodeCastel);
    expect(mutants).toBe(200 * loadVectors('castel').length);
  });
});

describe('castel decoder', () => {
  it('answers a heartbeat with 0x9003, same version and device id', () => {
    const result = decode('40401f00043130303131313235323939383700000000000000100303320d0a');
    expect(result.uniqueId).toBe('1001112529987');
    expect(result.messages).toEqual([]);
    expect(ackHex(result)).toBe('40401f000431303031313132353239393837000000000000009003cfbe0d0a');
  });

  it('answers a login with 0x9001: keep IP and port, the server time', () => {
    const result = decodeCastel(
      Buffer.from(frame(0x1001, `${STAT} 00 ${Buffer.from('SW1\0HW2\0').toString('hex')}`), 'hex'),
      sessionFor('castel', { receivedAt: new Date('2025-01-01T00:00:00Z') }),
    );
    expect(result.messages).toEqual([]);
    expect(ackHex(result)).toBe('404029000432313345503230313630303035383500000000009001ffffffff000080857467122e0d0a');
  });

  it('reads a login with a fix and its versions', () => {
    const [p] = decode(frame(0x1001, `${STAT} 01 ${FIX} ${Buffer.from('SW1\0HW2\0').toString('hex')}`)).messages;
    expect(p).toMatchObject({
      fixTime: '2024-01-02T03:04:05.000Z',
      valid: true,
      latitude: 10,
      longitude: -20,
      course: 90,
      attributes: { sat: 7, odometer: 10000, tripOdometer: 100, versionFw: 'SW1', versionHw: 'HW2' },
    });
    expect(p?.speed).toBeCloseTo(19.43844, 4);
  });

  it('reads an alarm with a fix, and answers it with 0xC007 and its sequence number', () => {
    const result = decode(frame(0x4007, `07000000 ${STAT} 01 ${FIX} 02 01 01 0000 0000 01 16 0000 0000`));
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]?.attributes).toMatchObject({ alarm: 'overspeed', ignition: true, status: 0x40000 });
    expect(ackHex(result)).toBe(frame(0xc007, '07000000'));
  });

  it('answers an alarm without a fix but yields nothing (as Traccar)', () => {
    const result = decode(frame(0x4007, `08000000 ${STAT} 00 01 01 0e 0000 0000`));
    expect(result.messages).toEqual([]);
    expect(ackHex(result)).toBe(frame(0xc007, '08000000'));
  });

  it('reads every trouble code of a DTC message', () => {
    const [p] = decode(frame(0x4006, `${STAT} 00 02 0301 23c1`)).messages;
    expect(p).toMatchObject({ outdated: true, attributes: { dtcs: 'P0103 U0123', ignition: true } });
  });

  it('reads PID samples (the last one wins) and stops at a PID of unknown size', () => {
    const [p] = decode(frame(0x4002, `${STAT} 1e00 03 0c21 0d21 0520 02 04 e803 32 ff 0f27 64 ff`)).messages;
    expect(p?.attributes).toMatchObject({ rpm: 9999, obdSpeed: 100 });
  });

  it('reads a CC tracker login (version 12) and answers it with 0x8001; its heartbeat with 0x8206', () => {
    const login = castelFrame(
      12,
      '611150000956',
      0x4001,
      Buffer.from(`${FIX}0000000064a0860100`.replace(/ /g, ''), 'hex'),
    );
    const result = decodeCastel(login, session);
    expect(result.messages[0]?.attributes).toMatchObject({ status: 0, battery: 100, odometer: 100000 });
    expect(ackHex(result)).toBe(castelFrame(12, '611150000956', 0x8001, Buffer.alloc(0)).toString('hex'));
    const heartbeat = decodeCastel(castelFrame(12, '611150000956', 0x4206, Buffer.alloc(0)), session);
    expect(ackHex(heartbeat)).toBe('40401f000c3631313135303030303935360000000000000000820656110d0a');
  });

  it('keeps the version the device speaks for its commands', () => {
    expect(decode(frame(0x1003, '')).state).toEqual({ version: 4 });
    const known = sessionFor('castel', { state: { version: 4 } });
    expect(decodeCastel(Buffer.from(frame(0x1003, ''), 'hex'), known).state).toBeUndefined();
  });

  it('refuses a bad CRC, a wrong length, a truncated body and a frame without a header', () => {
    const good = frame(0x4006, `${STAT} 00 01 0301`);
    const badCrc = `${good.slice(0, -8)}0000${good.slice(-4)}`;
    expect(() => decode(badCrc)).toThrow('CRC');
    expect(() => decode(good.slice(0, -2))).toThrow('length');
    expect(() => decode(frame(0x4006, `${STAT} 00 05 0301`))).toThrow('truncated');
    expect(() => decode(`2323${good.slice(4)}`)).toThrow('header');
    expect(() => decode('4040')).toThrow('short');
  });
});
