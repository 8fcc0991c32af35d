import { describe, expect, it } from 'vitest';
import { fuzzStream } from '../../testing/stream-fuzz';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeMeitrack } from './meitrack.decoder';
import { encodeMeitrack, meitrackMessage } from './meitrack.encoder';
import { meitrackFramer } from './meitrack.framer';
import { meitrackProtocol } from './meitrack.protocol';

const definition = meitrackProtocol;
const vectors = loadVectors('meitrack');
const session = testSession({ protocol: 'meitrack' });
const text = (s: string) => Buffer.from(s, 'latin1');
const payload = (index: number) => frameOf(vectors.find((v) => v.index === index) ?? vectors[0]!);

describe('meitrack decoder: Traccar vectors', () => {
  it('decodes every vector as Traccar did', () => {
    const score = scoreProtocol(definition, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });
});

describe('meitrack decoder', () => {
  it('decodes a text report (AAA) with its cell, I/O, analog values and temperature', () => {
    const frame = text(
      '$$V177,863835026871173,AAA,35,34.516428,10.470160,170915154043,A,9,12,68,74,0.9,9,1988259,525882,' +
        '605|2|008C|0007B5A6,0200,0003|0000|0000|01A6|0571,00000001,,3,0000,010A92,360,511*74\r\n',
    );
    const result = decodeMeitrack(frame, session);
    expect(result.uniqueId).toBe('863835026871173');
    expect(result.ack).toBeUndefined();
    const [position] = result.messages;
    expect(position).toMatchObject({
      fixTime: '2017-09-15T15:40:43.000Z',
      valid: true,
      outdated: false,
      latitude: 34.516428,
      longitude: 10.47016,
      altitude: 9,
      course: 74,
    });
    expect(position?.speed).toBeCloseTo(68 * 0.539957, 6);
    expect(position?.network?.cellTowers).toEqual([
      { mobileCountryCode: 605, mobileNetworkCode: 2, locationAreaCode: 140, cellId: 505254, signalStrength: -12 },
    ]);
    expect(position?.attributes).toMatchObject({
      event: 35,
      input: 2,
      output: 0,
      battery: 4.22,
      power: 13.93,
      temp1: 27.06,
    });
  });

  it('names alarm events', () => {
    const sos = text('$$A120,863835026871173,AAA,1,34.5,10.4,170915154043,A,9,12,0,0,0.9,9,0,0,605|2|008C|0007B5A6*00');
    expect(decodeMeitrack(sos, session).messages[0]?.attributes).toMatchObject({ event: 1, alarm: 'sos' });
  });

  it('decodes every packet of a binary report (CCE), with Wi-Fi access points', () => {
    const result = decodeMeitrack(payload(0), session);
    expect(result.uniqueId).toBe('867951078010564');
    expect(result.messages.map((p) => p.fixTime)).toEqual([
      '2026-04-03T21:24:53.000Z',
      '2026-04-03T21:24:55.000Z',
      '2026-04-03T21:24:57.000Z',
    ]);
    expect(result.messages[0]?.attributes).toMatchObject({ sat: 17, batteryLevel: 100, odometer: 518578 });
    const wifi = decodeMeitrack(payload(6), session).messages[0]?.network?.wifiAccessPoints;
    expect(wifi).toHaveLength(8);
    expect(wifi?.[0]).toEqual({ macAddress: '2a:bd:89:0a:49:1c', signalStrength: -46 });
  });

  it('confirms a CCC report with the number of packets received', () => {
    const result = decodeMeitrack(payload(48), session);
    expect(result.messages).toHaveLength(1);
    expect(result.ack).toBe(meitrackMessage('X', '369800014090021', 'CCC,1'));
    expect(result.ack).toBe('@@X27,369800014090021,CCC,1*E4\r\n');
  });

  it('turns a command reply into a result and ignores photo transfer', () => {
    const reply = decodeMeitrack(text('$$Q28,353358017784062,C01,OK*F9\r\n'), session);
    expect(reply.messages[0]).toMatchObject({ outdated: true, attributes: { result: 'C01,OK' } });
    expect(decodeMeitrack(text('$$D28,353358017784062,D03,OK*F3'), session).messages).toEqual([]);
  });

  it('refuses malformed messages', () => {
    expect(() => decodeMeitrack(text('##A10,1234,AAA,1*00'), session)).toThrow('$$');
    expect(() => decodeMeitrack(text('$$AXX,1234,AAA,1*00'), session)).toThrow('header');
    expect(() => decodeMeitrack(text('$$A40,1234,AAA,35,1.0,2.0,999999999999,A*00'), session)).toThrow();
    const cce = payload(8);
    expect(() => decodeMeitrack(cce.subarray(0, 60), session)).toThrow('truncated');
    const cut = Buffer.concat([cce.subarray(0, 50), text('*00\r\n')]);
    expect(() => decodeMeitrack(cut, session)).toThrow();
  });

  it('survives mutated frames', () => {
    fuzzStream(
      definition,
      vectors.map((v) => frameOf(v)),
      session,
    );
  });
});

interface FrameCase {
  input: string;
  expect_frame: string | null;
}

describe('meitrack framer', () => {
  const cases: FrameCase[] = [
    {
      input:
        '24244e3132372c3836333037313031333830333036362c4141412c33352c2d312e3330323638302c33362e3835323133352c313530343039' +
        '3231313032362c412c392c302c302e312c302c352c313635332c343039362c33323634382c3633397c30327c313030347c3930432c303030' +
        '302c307c307c307c3346467c3330302c2a37430d0a',
      expect_frame:
        '24244e3132372c3836333037313031333830333036362c4141412c33352c2d312e3330323638302c33362e3835323133352c313530343039' +
        '3231313032362c412c392c302c302e312c302c352c313635332c343039362c33323634382c3633397c30327c313030347c3930432c303030' +
        '302c307c307c307c3346467c3330302c2a37430d0a',
    },
  ];
  const binary = Buffer.concat([payload(8), Buffer.alloc(0)]);

  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    it('cuts the Traccar frame case in one read, byte by byte, and merged with garbage', () => {
      expect(meitrackFramer().push(input)[0]?.toString('hex') ?? null).toBe(c.expect_frame);
      const framer = meitrackFramer();
      const frames: Buffer[] = [];
      for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
      expect(frames.map((f) => f.toString('hex'))).toEqual([c.expect_frame]);
      const merged = meitrackFramer().push(Buffer.concat([text('xx$$\r\n$'), input, binary, input]));
      expect(merged.map((f) => f.toString('hex'))).toEqual([c.expect_frame, binary.toString('hex'), c.expect_frame]);
    });
  }

  it('cuts a binary report at its length even when it holds CR LF and $$', () => {
    const cce = Buffer.from(payload(0));
    cce.write('\r\n$$', 200, 'latin1'); // inside a padding parameter
    expect(decodeMeitrack(cce, session).messages).toHaveLength(3);
    const framer = meitrackFramer();
    expect(framer.push(cce.subarray(0, 500))).toEqual([]);
    expect(framer.push(cce.subarray(500))).toEqual([cce]);
  });

  it('cuts a text report at CR LF when its length is wrong, or at the next header when CR LF is missing', () => {
    const wrong = text('$$A99,353358017784062,C01,OK*F9\r\n');
    const noCrlf = text('$$A20,353358017784062,C01,OK*F9');
    expect(meitrackFramer().push(Buffer.concat([wrong, noCrlf, wrong]))).toEqual([wrong, noCrlf, wrong]);
  });

  it('takes a long message byte by byte in linear time', () => {
    const long = Buffer.concat([text('$$A20040,353358017784062,C01,'), Buffer.alloc(20000, 0x41), text('\r\n')]);
    const framer = meitrackFramer();
    const started = performance.now();
    const frames: Buffer[] = [];
    for (let i = 0; i < long.length; i++) frames.push(...framer.push(long.subarray(i, i + 1)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(frames.map((f) => f.equals(long))).toEqual([true]);
  });

  it('never throws and stays bounded on garbage', () => {
    const framer = meitrackFramer();
    for (let i = 0; i < 50; i++) {
      const garbage = Buffer.from(Array.from({ length: 4096 }, (_, j) => (i * 131 + j * 7) % 256));
      expect(() => framer.push(garbage)).not.toThrow();
    }
    expect(framer.push(Buffer.concat([text('$$Z9999999,\r\n'), binary]))).toEqual([binary]);
  });
});

describe('meitrack encoder', () => {
  const command = { id: '1', uniqueId: '353358017784062', createdAt: '2025-01-01T00:00:00.000Z' };
  it('frames commands with length and checksum', () => {
    // the example of Meitrack's GPRS protocol document
    expect(encodeMeitrack({ ...command, type: 'positionSingle', attributes: {} }, session)).toBe(
      '@@Q25,353358017784062,A10*6A\r\n',
    );
    expect(encodeMeitrack({ ...command, type: 'engineStop', attributes: {} }, session)).toBe(
      meitrackMessage('Q', '353358017784062', 'C01,0,12222'),
    );
    expect(encodeMeitrack({ ...command, type: 'engineResume', attributes: {} }, session)).toBe(
      '@@Q33,353358017784062,C01,0,02222*EB\r\n',
    );
    // another example of the document (its data identifier)
    expect(meitrackMessage('M', '353358017784062', 'C01,20,10122')).toBe('@@M34,353358017784062,C01,20,10122*18\r\n');
    expect(encodeMeitrack({ ...command, type: 'positionPeriodic', attributes: { frequency: 60 } }, session)).toBe(
      meitrackMessage('Q', '353358017784062', 'A12,6'),
    );
    expect(encodeMeitrack({ ...command, type: 'custom', attributes: { data: 'A11,6' } }, session)).toBe(
      meitrackMessage('Q', '353358017784062', 'A11,6'),
    );
    expect(encodeMeitrack({ ...command, type: 'alarmArm', attributes: {} }, session)).toBeNull();
  });
});
