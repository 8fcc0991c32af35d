import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeTlt2h } from './tlt2h.decoder';
import { encodeTlt2h } from './tlt2h.encoder';
import { TLT2H_MAX_FRAME, tlt2hProtocol } from './tlt2h.protocol';

const session = sessionFor('tlt2h');
const decode = (text: string) => decodeTlt2h(Buffer.from(text, 'latin1'), session);
const framer = tlt2hProtocol.framer as NonNullable<typeof tlt2hProtocol.framer>;

describe('tlt2h decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(tlt2hProtocol, loadVectors('tlt2h'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.98);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe('tlt2h decoder', () => {
  it('reads a batch of records with the header status (SOS) applied to each, and sends no ack', () => {
    const result = decode(
      '#357671030946351#V500#0000#SOS#2\r\n' +
        '#41$GPRMC,010203.000,A,5130.0000,N,00007.5000,W,10.5,45.0,020124,,,A*00\r\n' +
        '#4012$GPRMC,010233.000,V,5130.0100,N,00007.5100,W,,,020124,,,N*00\r\n',
    );
    expect(result.uniqueId).toBe('357671030946351');
    expect(result.ack).toBeUndefined();
    expect(result.messages).toHaveLength(2);
    expect(result.messages[0]).toMatchObject({
      fixTime: '2024-01-02T01:02:03.000Z',
      valid: true,
      latitude: 51.5,
      longitude: -0.125,
      speed: 10.5,
      course: 45,
      attributes: { battery: expect.closeTo(4.1, 9), alarm: 'sos' },
    });
    expect(result.messages[1]).toMatchObject({
      valid: false,
      speed: 0,
      attributes: { battery: expect.closeTo(4.012, 9), alarm: 'sos' },
    });
  });

  it('reads the extended header (door, fuel voltage, power, battery, temperature) over the record battery', () => {
    const [position] = decode(
      '#860425040088567#MT600+#0000#1#25#124#39#215#DEF#1\r\n#38$GPRMC,172030.00,A,4845.2906,N,01910.2742,E,0.01,,041219,,,A*43\r\n',
    ).messages;
    expect(position?.attributes).toEqual({
      door: true,
      adc1: 2.5,
      power: 12.4,
      battery: expect.closeTo(3.9, 9),
      temp1: 21.5,
      alarm: 'powerCut',
    });
  });

  it('reads a Wi-Fi record with its cell as a position without a fix of its own', () => {
    const [position] = decode(
      '#860186058100000#MT700#0000#AUTOSTOP#1\r\n#40#208,01,1A2B,00C3$WIFI,101500.00,A,-60,A1B2C3D4E5F6,,,311223*00\r\n',
    ).messages;
    expect(position).toMatchObject({
      outdated: true,
      fixTime: null,
      deviceTime: '2023-12-31T10:15:00.000Z',
      attributes: { battery: 4, ignition: false },
      network: {
        cellTowers: [{ mobileCountryCode: 208, mobileNetworkCode: 1, locationAreaCode: 0x1a2b, cellId: 0xc3 }],
        wifiAccessPoints: [{ macAddress: 'A1:B2:C3:D4:E5:F6', signalStrength: -60 }],
      },
    });
  });

  it('yields nothing for a batch without a valid header or records, and skips malformed records', () => {
    expect(
      decode(
        '#861075026000000#\r\n#0000#AUTO#1\r\n#38$GPRMC,001556.00,A,3542.1569,N,13938.9814,E,7.38,185.71,160417,,,A*55',
      ).messages,
    ).toEqual([]);
    expect(decode('#861075026000000#MT700#0000#AUTO#1').messages).toEqual([]);
    expect(decode('#1#MT700#0000#AUTO#2\r\n#38$GPRMC,001556.00,A,35\r\n##\r\n').messages).toEqual([]);
    expect(() =>
      decode('#1#MT700#0000#AUTO#1\r\n#38$GPRMC,001556.00,A,9942.1569,N,13938.9814,E,7.38,185.71,160417,,,A*55'),
    ).toThrow('out of range');
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('tlt2h', framer, decodeTlt2h);
    expect(mutants).toBe(200 * loadVectors('tlt2h').length);
  });
});

describe('tlt2h framer', () => {
  it('cuts batches at ##CR LF byte by byte and merged, and drops an endless batch', () => {
    const batch =
      '#1#MT700#0000#AUTO#1\r\n#38$GPRMC,001556.00,A,3542.1569,N,13938.9814,E,7.38,185.71,160417,,,A*55\r\n';
    const instance = framer();
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(`${batch}##\r\n`)) frames.push(...instance.push(Buffer.of(byte)));
    expect(frames.map((f) => f.toString('latin1'))).toEqual([batch]);
    expect(framer().push(Buffer.from(`${batch}##\r\n${batch}##\r\n#1#`))).toHaveLength(2);
    const long = framer();
    expect(long.push(Buffer.alloc(TLT2H_MAX_FRAME + 10, 0x23))).toEqual([]);
    expect(long.buffered).toBeLessThanOrEqual(TLT2H_MAX_FRAME);
    expect(long.push(Buffer.from(`\r\n${batch}##\r\n`)).map((f) => f.toString('latin1'))).toContain(batch);
  });
});

describe('tlt2h encoder', () => {
  it('sends custom text as is, ended by CR LF, and nothing else', () => {
    const command = (type: string, attributes: Record<string, string> = {}) =>
      encodeTlt2h({ id: '1', uniqueId: '1', type, attributes, createdAt: '2025-01-01T00:00:00.000Z' }, session);
    expect(command('custom', { data: '#000000#IMEI' })).toBe('#000000#IMEI\r\n');
    expect(command('custom', { data: 'X\r\n' })).toBe('X\r\n');
    expect(command('custom')).toBeNull();
    expect(command('engineStop')).toBeNull();
  });
});
