import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { crc16Xmodem, decodeUlbotech } from './ulbotech.decoder';
import { encodeUlbotech } from './ulbotech.encoder';
import { ULBOTECH_MAX_FRAME, ulbotechFramer, unescapeUlbotech } from './ulbotech.framer';
import { ulbotechProtocol } from './ulbotech.protocol';

const session = sessionFor('ulbotech');
const hex = (text: string) => Buffer.from(text.replaceAll(' ', ''), 'hex');

/** A binary frame of IMEI 353323083177450 at 2024-01-01T00:00:00Z with the given blocks, CRC and closing F8. */
function frameOf(blocks: string): Buffer {
  const seconds = (Date.UTC(2024, 0, 1) - Date.UTC(2000, 0, 1)) / 1000;
  const body = Buffer.concat([hex('01 01 03 53 32 30 83 17 74 50'), Buffer.alloc(4), hex(blocks)]);
  body.writeUInt32BE(seconds + 0x80000000, 10); // the top bit is masked
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(crc16Xmodem(body));
  return Buffer.concat([hex('f8'), body, crc, hex('f8')]);
}

describe('ulbotech decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did, but for two all-FF cells left out', () => {
    const score = scoreProtocol(ulbotechProtocol, loadVectors('ulbotech'));
    // #7 and #22 carry an all-FF cell block (MCC 65535) that Traccar keeps as a tower (docs/protocols.md)
    expect(score.mismatches).toEqual([
      { index: 7, reason: '#0 network differs' },
      { index: 22, reason: '#0 network differs' },
    ]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('ulbotech decoder', () => {
  it('reads GPS, a short cell block, status with an SOS alarm, RFID, VIN, harsh driving and an event', () => {
    const result = decodeUlbotech(
      frameOf(
        '01 0e 02faf080 fe8ebcc0 0064 00b4 0096' + // 50.0, -24.2, 100 km/h, 180°, HDOP 1.5
          '02 09 00d0 0001 1a2b 0c3d 50' +
          '03 04 0200 0400' +
          '0e 05 41424344 01' +
          '0d 03 56494e' +
          '0a 01 05' +
          '10 01 07',
      ),
      session,
    );
    expect(result.uniqueId).toBe('353323083177450');
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-01-01T00:00:00.000Z',
      valid: true,
      latitude: 50,
      longitude: -24.2,
      course: 180,
      network: { cellTowers: [{ mobileCountryCode: 208, mobileNetworkCode: 1, cellId: 0xc3d, signalStrength: -80 }] },
    });
    expect(result.messages[0]?.speed).toBeCloseTo(53.9957, 4);
    expect(result.messages[0]?.attributes).toEqual({
      hdop: 1.5,
      ignition: true,
      status: 0x200,
      alarm: 'sos',
      driverUniqueId: 'ABCD',
      authorized: true,
      vin: 'VIN',
      rapidAcceleration: true,
      harshCourse: true,
      event: 7,
    });
  });

  it('reads OBD trouble codes, a CAN block with its two-byte length and the ADC channels', () => {
    const [position] = decodeUlbotech(
      frameOf('09 05 53 0133 c123' + '0b 0003 aabbcc' + '05 06 3800 4123 07ff'),
      session,
    ).messages;
    expect(position).toMatchObject({ outdated: true, fixTime: null, deviceTime: '2024-01-01T00:00:00.000Z' });
    expect(position?.attributes).toMatchObject({ dtcs: 'P0133 U0123', can: 'aabbcc', io4: 0x123 });
    expect(position?.attributes.adc1).toBeCloseTo((0x800 * 110) / 4096 - 10, 9);
    expect(position?.attributes.power).toBeCloseTo((0x7ff * 110) / 4096 - 10, 9);
  });

  it('acknowledges a binary frame with F8 01 FE, two bytes and their CRC', () => {
    const ack = decodeUlbotech(frameOf('10 01 01'), session).ack as Buffer;
    const expected = hex('f8 01 fe f8 01 0000 f8');
    expected.writeUInt16BE(crc16Xmodem(hex('01 fe f8 01')), 5);
    expect(ack.toString('hex')).toBe(expected.toString('hex'));
  });

  it('reads a text command result and acknowledges any text frame with its CRC', () => {
    const text = '*TS01,353323083177450,123456010224,OK:RESET#';
    const result = decodeUlbotech(Buffer.from(text), session);
    const crc = crc16Xmodem(Buffer.from(text.slice(1, -1)))
      .toString(16)
      .toUpperCase()
      .padStart(4, '0');
    expect(result).toMatchObject({ uniqueId: '353323083177450', ack: `*TS01,ACK:${crc}#` });
    expect(result.messages[0]).toMatchObject({ outdated: true, deviceTime: '2024-02-01T12:34:56.000Z' });
    expect(result.messages[0]?.attributes).toEqual({ result: 'OK:RESET' });
    expect(decodeUlbotech(Buffer.from('*TS01,353323081464660#'), session).messages).toEqual([]);
  });

  it('accepts a wrong CRC (as Traccar) and refuses truncated frames and blocks', () => {
    const good = frameOf('10 01 01');
    const badCrc = Buffer.from(good);
    badCrc.writeUInt8((badCrc.at(-2) as number) ^ 0xff, badCrc.length - 2);
    expect(decodeUlbotech(badCrc, session).messages).toHaveLength(1);
    expect(() => decodeUlbotech(good.subarray(0, 12), session)).toThrow('short');
    expect(() => decodeUlbotech(frameOf('01 0e 02faf080'), session)).toThrow('overruns');
    expect(() => decodeUlbotech(frameOf('07 04 51 0c 00 00'), session)).toThrow('OBD');
    expect(() => decodeUlbotech(frameOf('01 0e 7fffffff 00000000 0000 0000 0000'), session)).toThrow('range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('ulbotech', ulbotechFramer, decodeUlbotech);
    expect(mutants).toBe(200 * loadVectors('ulbotech').length);
  });
});

describe('ulbotech framer', () => {
  for (const c of loadFrameCases('ulbotech')) {
    it(`Traccar frame case ${c.index}`, () => expectFrameCase(ulbotechFramer, c, hex('00 ff 41')));
  }

  it('unescapes F7 00 and F7 01, drops garbage and an endless frame', () => {
    expect(unescapeUlbotech(hex('f8 01 f7 00 02 f7 01 03 f8')).toString('hex')).toBe('f801f702f803f8');
    const instance = ulbotechFramer();
    expect(instance.push(Buffer.concat([hex('f8'), Buffer.alloc(ULBOTECH_MAX_FRAME + 10, 0x41)]))).toEqual([]);
    expect(instance.buffered).toBeLessThanOrEqual(ULBOTECH_MAX_FRAME + 1);
    expect(instance.push(Buffer.from('*TS01,1#')).map((f) => f.toString())).toEqual(['*TS01,1#']);
  });
});

describe('ulbotech encoder', () => {
  it('wraps custom text in *TS01,…#', () => {
    const command = (type: string, attributes: Record<string, string> = {}) =>
      encodeUlbotech({ id: '1', uniqueId: '1', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);
    expect(command('custom', { data: 'RESET' })).toBe('*TS01,RESET#');
    expect(command('custom', { data: '*TS01,GPS#' })).toBe('*TS01,GPS#');
    expect(command('custom')).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
