import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeLaipac } from './laipac.decoder';
import { encodeLaipac } from './laipac.encoder';
import { LAIPAC_MAX_FRAME, laipacProtocol } from './laipac.protocol';

const session = sessionFor('laipac');
const decode = (text: string) => decodeLaipac(Buffer.from(text, 'latin1'), session);
const framer = laipacProtocol.framer as NonNullable<typeof laipacProtocol.framer>;

describe('laipac decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(laipacProtocol, loadVectors('laipac'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('laipac decoder', () => {
  it('reads a southern/eastern report with battery in volts and a cell, and acks nothing for a plain report', () => {
    const result = decode(
      '$AVRMC,358174067149865,235959,A,3351.0542,S,15112.5445,E,12.50,270.00,311224,0,4.01,1234,1,512,1024,1A2B0C3D,505001*00',
    );
    expect(result.uniqueId).toBe('358174067149865');
    expect(result.ack).toBeUndefined();
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-12-31T23:59:59.000Z',
      valid: true,
      speed: 12.5,
      course: 270,
      network: {
        cellTowers: [{ mobileCountryCode: 505, mobileNetworkCode: 1, locationAreaCode: 0x1a2b, cellId: 0xc3d }],
      },
    });
    expect(result.messages[0]?.latitude).toBeCloseTo(-33.850903, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(151.209075, 5);
    expect(result.messages[0]?.attributes).toMatchObject({
      event: '0',
      battery: 4.01,
      odometer: 1_234_000,
      adc1: 0.512,
      adc2: 1.024,
    });
  });

  it('acknowledges a lower-case (must-ack) SOS with $EAVACK and confirms the alarm with $AVCFG', () => {
    const result = decode('$AVRMC,80006405,212645,a,3013.9938,N,08133.3998,W,0.00,0.00,010317,3,4076,0,1,0,0*1F');
    expect(result.messages[0]?.attributes.alarm).toBe('sos');
    expect(result.ack).toBe('$EAVACK,3,1F*5F\r\n$AVCFG,00000000,d*31\r\n');
    expect(decode('$AVRMC,1,212645,A,3013.9938,N,08133.3998,W,0.00,0.00,010317,4,4076,0,1,0,0*00').ack).toBe(
      '$AVCFG,00000000,x*2D\r\n',
    );
  });

  it('reads the input states of events A-D instead of an event code', () => {
    const [position] = decode('$AVRMC,1,212645,R,3013.9938,N,08133.3998,W,0.00,0.00,010317,D,4076,0,1,0,0*00').messages;
    expect(position?.attributes).toMatchObject({ in1: true, in2: true });
    expect(position?.attributes.event).toBeUndefined();
  });

  it('echoes the keep-alive and binds its device; other sentences yield nothing', () => {
    expect(decode('$ECHK,99999999,0*35')).toEqual({
      messages: [],
      uniqueId: '99999999',
      ack: '$ECHK,99999999,0*35\r\n',
    });
    expect(decode('$AVSYS,99999999,V1.50,SN0000103,32768*15')).toEqual({ messages: [] });
    expect(decode('$ECHK,99999999*35')).toEqual({ messages: [] });
  });

  it('yields nothing for truncated or malformed reports and refuses impossible coordinates', () => {
    expect(decode('$AVRMC,1,212645,A,3013.9938,N,08133.3998,W,0.00,0.00,010317,3,4076').messages).toEqual([]);
    expect(decode('$AVRMC,1,212645,Q,3013.9938,N,08133.3998,W,0.00,0.00,010317,3,4076,0,1,0,0*00').messages).toEqual(
      [],
    );
    expect(decode('$AVRMC,1,212645,A,3013.9938,N,08133.3998,W,0.00,0.00,010317,3,4076,0,1,0,0').messages).toEqual([]);
    expect(() => decode('$AVRMC,1,212645,A,9913.9938,N,08133.3998,W,0.00,0.00,010317,3,4076,0,1,0,0*00')).toThrow(
      'out of range',
    );
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('laipac', framer, decodeLaipac);
    expect(mutants).toBe(200 * loadVectors('laipac').length);
  });
});

describe('laipac framer', () => {
  const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

  it('cuts lines byte by byte and merged, and drops an endless line', () => {
    const line = '$ECHK,99999999,0*35';
    const instance = framer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(`${line}\r\n`)) frames.push(...instance.push(Buffer.of(byte)));
    expect(text(frames)).toEqual([line]);
    expect(text(framer().push(Buffer.from(`${line}\r\n${line}\n$AV`)))).toEqual([line, line]);
    const long = framer();
    expect(long.push(Buffer.alloc(LAIPAC_MAX_FRAME + 10, 0x41))).toEqual([]);
    expect(text(long.push(Buffer.from(`\n${line}\n`)))).toEqual([line]);
  });
});

describe('laipac encoder', () => {
  const command = (type: string, attributes: Record<string, string> = {}) =>
    encodeLaipac({ id: '1', uniqueId: '1', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);

  it('writes the host sentences with the factory password and checksum', () => {
    expect(command('positionSingle')).toBe('$AVREQ,00000000,1*60\r\n');
    expect(command('rebootDevice')).toBe('$AVRESET,00000000*6E\r\n');
    expect(command('custom', { data: 'AVCFG,00000000,d' })).toBe('$AVCFG,00000000,d*31\r\n');
    expect(command('custom', { data: '$AVCFG,00000000,d*31' })).toBe('$AVCFG,00000000,d*31\r\n');
    expect(command('custom')).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
