import { describe, expect, it } from 'vitest';
import { mutations, seededRandom, steadyMs } from '../../testing/mutations';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeGps103 } from './gps103.decoder';
import { gps103Protocol } from './gps103.protocol';

const vectors = loadVectors('gps103');
const session = testSession({ protocol: 'gps103' });
const decode = (sentence: string) => decodeGps103(Buffer.from(sentence, 'latin1'), session);
const framer = () => {
  if (!gps103Protocol.framer) throw new Error('gps103 has a framer');
  return gps103Protocol.framer();
};

describe('gps103 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(gps103Protocol, vectors);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
    expect(score.mismatches).toEqual([]);
  });
});

describe('gps103 decoder', () => {
  it('answers the login with LOAD and binds the device', () => {
    expect(decode('##,imei:359586015829802,A;')).toEqual({ messages: [], uniqueId: '359586015829802', ack: 'LOAD' });
  });

  it('answers an IMEI heartbeat with ON', () => {
    expect(decode('359586015829802')).toEqual({ messages: [], uniqueId: '359586015829802', ack: 'ON' });
  });

  it('decodes a fix, converting the local header time with the UTC fix time', () => {
    const result = decode(
      'imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0;',
    );
    expect(result.uniqueId).toBe('359710040656622');
    expect(result.messages[0]).toMatchObject({ fixTime: '2013-02-27T12:59:52.000Z', valid: true, outdated: false });
    expect(result.messages[0]?.latitude).toBeCloseTo(-34.84905, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(138.477921, 5);
  });

  it('raises an SOS alarm and acknowledges it', () => {
    const result = decode('imei:100000000000000,help me,1004171910,,F,010203.000,A,0102.0003,N,00102.0003,E,1.02,;');
    expect(result.messages[0]?.attributes).toEqual({ alarm: 'sos' });
    expect(result.ack).toBe('**,imei:100000000000000,E;');
  });

  it('decodes a cell-only report and an OBD report as status messages', () => {
    const [cell] = decode('imei:863070016871385,tracker,0000000119,,L,,,0FB6,,CB5D,,,;').messages;
    expect(cell).toMatchObject({ outdated: true, deviceTime: null });
    expect(cell?.network?.cellTowers).toEqual([
      { mobileCountryCode: 0, mobileNetworkCode: 0, locationAreaCode: 0x0fb6, cellId: 0xcb5d },
    ]);
    const [obd] = decode(
      'imei:359710049090138,OBD,160629022949,51442,0.00,15.88,5632,122,40.39%,95,0.00%,2101,13.80,,,,;',
    ).messages;
    expect(obd?.attributes).toMatchObject({ odometer: 51442, rpm: 2101, coolantTemp: 95, hours: 5632 * 3_600_000 });
  });

  it('yields nothing for sentences it cannot read', () => {
    expect(decode('imei:865328021049167,OBD,141118115036,,,0.0,,000,0.0%,+,0.0%,00000,,,,,').messages).toEqual([]);
    expect(decode('imei:123456789012345,tracker,garbage,garbage,garbage;').messages).toEqual([]);
    expect(decode('hello').messages).toEqual([]);
  });
});

describe('gps103 framer', () => {
  it('cuts at ; and * keeping them, and at line ends', () => {
    const f = framer();
    const first = f.push(Buffer.from('##,imei:359586015829802,A;imei:1,OBD,1'));
    expect(first.map(String)).toEqual(['##,imei:359586015829802,A;']);
    const rest = f.push(Buffer.from('4;imei:2,x,---,*\r\nimei:3,tracker\n'));
    expect(rest.map(String)).toEqual(['imei:1,OBD,14;', 'imei:2,x,---,*', 'imei:3,tracker\n']);
  });

  it('delivers a sentence split one byte at a time', () => {
    const f = framer();
    const sentence =
      'imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;';
    const frames: Buffer[] = [];
    for (const byte of Buffer.from(sentence)) frames.push(...f.push(Buffer.from([byte])));
    expect(frames.map(String)).toEqual([sentence]);
  });
});

describe('gps103 decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const random = seededRandom(0x103);
    let slowest = 0;
    for (const v of vectors) {
      for (const mutant of mutations(frameOf(v), 200, random)) {
        const f = framer();
        const frames = [...f.push(mutant.subarray(0, 9)), ...f.push(mutant.subarray(9))];
        for (const frame of [mutant, ...frames]) {
          const run = () => {
            try {
              decodeGps103(frame, session);
            } catch (err) {
              expect(err).toBeInstanceOf(Error);
            }
          };
          slowest = Math.max(slowest, steadyMs(run, 20));
        }
      }
    }
    expect(slowest).toBeLessThan(20);
  });
});
