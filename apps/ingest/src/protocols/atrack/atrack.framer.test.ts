import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../../codec/crc16';
import { expectFrameCase, loadFrameCases } from '../../testing/protocol.test-kit';
import { ATRACK_MAX_FRAME, atrackFramer } from './atrack.framer';

/** A binary report around `body` (sequence, unit ID, records) with its length and CRC-16/ARC. */
function binary(body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.write('@P', 0, 'latin1');
  head.writeUInt16BE(body.length, 4);
  const frame = Buffer.concat([head, body]);
  frame.writeUInt16BE(crc16Ibm(frame.subarray(4)), 2);
  return frame;
}

const KEEP_ALIVE = Buffer.from('fe0200014104d8f196820007', 'hex');
const REPORT = binary(Buffer.concat([Buffer.from('0007000144a77a21281d', 'hex'), Buffer.alloc(41, 0)]));
const TEXT_BODY =
  ',1,357298070426498,1534718280,1534718279,1534739774,-88643875,44210148,270,2,57128,6,1,130,0,0,,2000,2000,\x1a\r\n';
const TEXT = Buffer.from(`@P,0EBB,${TEXT_BODY.length}${TEXT_BODY}`, 'latin1');
const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('atrack framer', () => {
  it("cuts Traccar's framing cases in one read, byte by byte and after garbage", () => {
    const cases = loadFrameCases('atrack');
    expect(cases.length).toBe(7);
    for (const c of cases) expectFrameCase(atrackFramer, c, Buffer.from('garbage\x00\x01,,'));
  });

  it('cuts merged frames of every kind and keeps a split one until it is whole', () => {
    const framer = atrackFramer();
    const all = Buffer.concat([KEEP_ALIVE, REPORT, TEXT, Buffer.from('$OK\r\n'), REPORT]);
    expect(hex(framer.push(all.subarray(0, 40)))).toEqual(hex([KEEP_ALIVE]));
    expect(hex(framer.push(all.subarray(40, 100)))).toEqual(hex([REPORT]));
    expect(hex(framer.push(all.subarray(100)))).toEqual(hex([TEXT, Buffer.from('$OK\r\n'), REPORT]));
    expect(framer.buffered).toBe(0);
  });

  it('skips garbage and binary headers whose CRC is wrong', () => {
    const framer = atrackFramer();
    const bad = Buffer.from(REPORT);
    bad[20] = 0x55;
    expect(hex(framer.push(Buffer.concat([Buffer.from('\r\nxx\x00'), bad, REPORT])))).toEqual(hex([REPORT]));
  });

  it('takes the line break an ASCII report length stops short of', () => {
    // the length counts one byte less than the frame: the CR is inside, the LF after it
    const body = TEXT_BODY.slice(0, -1);
    const frame = Buffer.from(`@P,0EBB,${body.length}${body}\n`, 'latin1');
    const framer = atrackFramer();
    const frames: Buffer[] = [];
    for (const byte of frame) frames.push(...framer.push(Buffer.of(byte)));
    expect(hex(frames)).toEqual(hex([frame]));
  });

  it('leaves the next report whole when an ASCII report length counts one byte too many', () => {
    const frame = Buffer.from(`@P,0EBB,${TEXT_BODY.length + 1}${TEXT_BODY}`, 'latin1');
    expect(hex(atrackFramer().push(Buffer.concat([frame, TEXT])))).toEqual(hex([frame, TEXT]));
  });

  it('never keeps more than its largest frame', () => {
    const framer = atrackFramer();
    const header = Buffer.from('4050000affff', 'hex');
    framer.push(header);
    framer.push(Buffer.alloc(ATRACK_MAX_FRAME, 0x41));
    expect(framer.buffered).toBeLessThanOrEqual(ATRACK_MAX_FRAME);
    expect(hex(framer.push(REPORT))).toContain(REPORT.toString('hex'));
  });
});
