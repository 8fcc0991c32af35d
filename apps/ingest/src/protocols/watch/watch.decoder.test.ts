import { describe, expect, it } from 'vitest';
import { fuzzVectors, sessionFor } from '../../testing/protocol.test-kit';
import { loadVectors } from '../../testing/traccar-vectors';
import { scoreProtocol } from '../../testing/vector-score';
import { decodeWatch } from './watch.decoder';
import { watchFramer } from './watch.framer';
import { watchProtocol } from './watch.protocol';

const session = sessionFor('watch');
const decode = (text: string) => decodeWatch(Buffer.from(text, 'latin1'), session);

describe('watch decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(watchProtocol, loadVectors('watch'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
  });
});

describe('watch decoder', () => {
  it('answers a link with LK, binds the device and keeps its maker for commands', () => {
    const result = decode('[SG*8800000015*0002*LK]');
    expect(result).toEqual({
      messages: [],
      uniqueId: '8800000015',
      ack: '[SG*8800000015*0002*LK]',
      state: { manufacturer: 'SG', index: null },
    });
  });

  it('reads the battery level of a link with steps and rolls', () => {
    const result = decode('[3G*9705141740*0009*LK,0,0,53]');
    expect(result.messages[0]).toMatchObject({ outdated: true, deviceTime: session.receivedAt.toISOString() });
    expect(result.messages[0]?.attributes).toEqual({ batteryLevel: 53 });
  });

  it('echoes the ZJ index in its answers', () => {
    expect(decode('[ZJ*014111001350304*0034*0009*LK,0,0,19]').ack).toBe('[ZJ*014111001350304*0034*0002*LK]');
  });

  it('decodes a UD position with cells and Wi-Fi', () => {
    const [position] = decode(
      '[3G*6430073509*00E7*UD2,241016,081622,V,09.951861,N,-84.1422119,W,0.00,0.0,0.0,0,39,94,0,0,00000000,1,0,712,3,2007,18961,123,4,Luz,00:23:6a:34:ee:76,-70,familia,b0:c5:54:b9:90:ef,-78,fam salas delgado,fc:b4:e6:5d:50:ea,-81,QWERTY,c8:3a:35:43:0f:e8,-93]',
    ).messages;
    expect(position).toMatchObject({ fixTime: '2016-10-24T08:16:22.000Z', valid: false, longitude: -84.1422119 });
    expect(position?.network?.cellTowers).toEqual([
      { mobileCountryCode: 712, mobileNetworkCode: 3, locationAreaCode: 2007, cellId: 18961, signalStrength: -123 },
    ]);
    expect(position?.network?.wifiAccessPoints).toHaveLength(4);
  });

  it('acknowledges an alarm with AL and names it from the status bits', () => {
    const result = decode(
      '[3G*8308373902*0080*AL,230817,095346,A,47.083950,N,15.4821850,E,7.60,273.8,0.0,4,15,44,0,0,00200010,2,255,232,1,7605,42530,118,7605,58036,119,0,65.8]',
    );
    expect(result.ack).toBe('[3G*8308373902*0002*AL]');
    expect(result.messages[0]?.attributes).toMatchObject({ alarm: 'fallDown', motion: true });
  });

  it('answers TKQ and CONFIG and reads health readings', () => {
    expect(decode('[3G*8800000015*0003*TKQ]').ack).toBe('[3G*8800000015*0003*TKQ]');
    expect(decode('[3G*8800000015*0006*CONFIG]').ack).toBe('[3G*8800000015*0008*CONFIG,1]');
    expect(decode('[3G*4700609403*0013*bphrt,120,79,73,,,,]').messages[0]?.attributes).toEqual({
      pressureHigh: '120',
      pressureLow: '79',
      heartRate: 73,
    });
  });

  it('refuses malformed frames and ignores short positions', () => {
    expect(() => decode('[3G*1234567890*0009*LK,0,0,53')).toThrow();
    expect(() => decode('3G*1234567890*0009*LK]')).toThrow();
    expect(() => decode('[3G1234567890*LK]')).toThrow('header');
    expect(decode('[3G*1234567890*0010*UD,010203,040506,A]').messages).toEqual([]);
  });

  it('survives 200 mutations of every vector in the framer and the decoder', () => {
    const { mutants } = fuzzVectors('watch', watchFramer, decodeWatch);
    expect(mutants).toBe(200 * loadVectors('watch').length);
  });
});
