import { describe, expect, it } from 'vitest';
import { expectFrameCase, fuzzVectors, loadFrameCases } from '../../testing/protocol.test-kit';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodePt502 } from './pt502.decoder';
import { PT502_MAX_LINE, pt502Framer } from './pt502.framer';
import { pt502Protocol } from './pt502.protocol';

const session = testSession({ protocol: 'pt502' });
const decode = (text: string) => decodePt502(Buffer.from(text, 'latin1'), session);
const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('pt502 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(pt502Protocol, loadVectors('pt502'));
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
    expect(score.mismatches).toEqual([]);
  });
});

describe('pt502 decoder', () => {
  it('decodes a southern/western report with its I/O, ADCs, odometer and status digits', () => {
    const result = decode(
      '$POS,12345,235959.000,A,3351.0000,S,15112.6000,W,20.00,180.00,311224,,,A/00011,00001/3ff,1a/123456//c5a//',
    );
    expect(result.uniqueId).toBe('12345');
    const [p] = result.messages;
    expect(p).toMatchObject({ fixTime: '2024-12-31T23:59:59.000Z', valid: true, speed: 20, course: 180 });
    expect(p?.latitude).toBeCloseTo(-33.85, 6);
    expect(p?.longitude).toBeCloseTo(-151.21, 6);
    expect(p?.attributes).toEqual({
      input: 3,
      output: 1,
      adc1: 1023,
      adc2: 26,
      odometer: 123456,
      battery: 12,
      rssi: 5,
      sat: 10,
    });
  });

  it('names the alarm of each alarm report type', () => {
    const report = (type: string) =>
      decode(`$${type},7,010203.000,A,1000.0000,N,02000.0000,E,0.0,0.0,010125,,,A/00000,00000/0/0/`).messages[0]
        ?.attributes.alarm;
    expect(report('TOW')).toBe('tow');
    expect(report('HDB')).toBe('hardBraking');
    expect(report('SKA')).toBe('vibration');
    expect(report('PMA')).toBe('movement');
    expect(report('FDA')).toBe('fatigueDriving');
    expect(report('POS')).toBeUndefined();
  });

  it('yields nothing for photo blocks and version lines, and refuses what is not a message', () => {
    expect(decode('$PHD0,4,\xff\xd8\xff\xd9').messages).toEqual([]);
    expect(decode('$FUS865328026243864,510-V1.12,A11-V3.0').messages).toEqual([]);
    expect(() => decode('garbage')).toThrow();
  });

  it('yields nothing for a truncated or garbled report', () => {
    const good = '$POS,6120,233326.000,V,0935.1201,N,06914.6933,W,0.00,,151112,,,A/00000,00000/0/0/';
    expect(decode(good).messages).toHaveLength(1);
    expect(decode(good.slice(0, 60)).messages).toEqual([]);
    expect(decode(good.replace('151112', '15x112')).messages).toEqual([]);
    expect(decode(good.replace('00000,00000', '00200,00000')).messages).toEqual([]);
  });

  it('survives mutations of every vector', () => {
    expect(fuzzVectors('pt502', pt502Framer, decodePt502).mutants).toBeGreaterThan(1000);
  });
});

describe('pt502 framer: Traccar frame cases', () => {
  for (const c of loadFrameCases('pt502')) {
    it(`case ${c.index}`, () => expectFrameCase(pt502Framer, c, Buffer.from('\x00\xffjunk\r\n')));
  }
});

describe('pt502 framer', () => {
  it('skips the binary header, cuts photo blocks by length even when they hold line ends', () => {
    const f = pt502Framer();
    const input = Buffer.concat([
      Buffer.from([0xbf, 0xfb, 0x24, 0x0d, 0x0a]),
      Buffer.from('$PHD1,4,\r\n\r\n\r\n$POS,1,2\r\n'),
    ]);
    const frames: Buffer[] = [];
    for (const byte of input) frames.push(...f.push(Buffer.of(byte)));
    expect(text(frames)).toEqual(['$PHD1,4,\r\n\r\n', '$POS,1,2']);
  });

  it('drops an endless line and a photo block beyond its limit, then resynchronises', () => {
    const f = pt502Framer();
    expect(f.push(Buffer.concat([Buffer.from('$'), Buffer.alloc(PT502_MAX_LINE + 10, 0x41)]))).toEqual([]);
    expect(f.buffered).toBeLessThanOrEqual(PT502_MAX_LINE + 11);
    expect(text(f.push(Buffer.from('\n$PHD1,999999,x\n$POS,2\n')))).toEqual(['$POS,2']);
  });
});
