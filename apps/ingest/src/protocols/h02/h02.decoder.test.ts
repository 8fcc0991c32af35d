import { describe, expect, it } from 'vitest';
import { mutations, seededRandom, steadyMs } from '../../testing/mutations';
import { loadVectors, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import { decodeH02 } from './h02.decoder';
import { h02Framer } from './h02.framer';
import { h02Protocol } from './h02.protocol';

const vectors = loadVectors('h02');
const session = testSession({ protocol: 'h02' });
const text = (sentence: string) => decodeH02(Buffer.from(sentence, 'latin1'), session);

describe('h02 decoder: Traccar vectors', () => {
  it('decodes the vectors as Traccar did', () => {
    const score = scoreProtocol(h02Protocol, vectors);
    expect(score.positionRate).toBeGreaterThanOrEqual(0.95);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
    expect(score.mismatches).toEqual([]);
  });
});

describe('h02 decoder', () => {
  it('decodes a V1 location, binds the device and answers V1', () => {
    const result = text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#');
    expect(result.uniqueId).toBe('4210051415');
    expect(result.ack).toBe('*HQ,4210051415,V4,V1,20260822000000#');
    expect(result.messages[0]).toMatchObject({ fixTime: '2015-12-22T16:45:49.000Z', valid: true, speed: 0 });
    expect(result.messages[0]?.latitude).toBeCloseTo(9.939781, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(-84.11178, 5);
    expect(result.messages[0]?.attributes).toMatchObject({ ignition: false, status: 0xfffffbff, io1: '712' });
  });

  it('reads an SOS flag (active low) from the status word', () => {
    const [position] = text(
      '*HQ,353505220903211,V1,075228,A,5227.5039,N,01032.8443,E,0.00,0,231013,FFFBFFFF#',
    ).messages;
    expect(position?.attributes.alarm).toBe('sos');
  });

  it('decodes a binary report', () => {
    const result = decodeH02(
      Buffer.from('2441090013450831250401145047888000008554650e000000fffff9ffff001006000000000106020299109c01', 'hex'),
      session,
    );
    expect(result.uniqueId).toBe('4109001345');
    expect(result.messages[0]).toMatchObject({ fixTime: '2014-01-04T08:31:25.000Z', valid: true });
    expect(result.messages[0]?.latitude).toBeCloseTo(50.798133, 5);
    expect(result.messages[0]?.longitude).toBeCloseTo(8.924416, 5);
  });

  it('lists the neighbour cells of an NBR report and acknowledges it', () => {
    const result = text('*HQ,7401004662,NBR,160453,234,10,0,2,21580,27766,-67,21580,27767,-60,291019,FFFFFBFF,6#');
    expect(result.ack).toBe('*HQ,7401004662,V4,NBR,20260822000000#');
    expect(result.messages[0]?.outdated).toBe(true);
    expect(result.messages[0]?.network?.cellTowers).toHaveLength(2);
  });

  it('echoes a heartbeat and turns an SMS reply into a result', () => {
    const heartbeat = text('*HQ,135790246811220,HTBT,100#');
    expect(heartbeat.ack).toBe('*HQ,135790246811220,HTBT#');
    expect(heartbeat.messages[0]?.attributes).toEqual({ batteryLevel: 100 });
    const sms = text('*HQ,5226073533,SMS,VOLT:12.9V\nGSM:26#');
    expect(sms.messages[0]?.attributes).toEqual({ result: 'VOLT:12.9V\nGSM:26' });
  });

  it('ignores or refuses malformed messages', () => {
    expect(text('*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF#')).toEqual({ messages: [] });
    expect(text('*HQ,4109198974,#')).toEqual({ messages: [] });
    expect(() => decodeH02(Buffer.from('2441090013450831250401', 'hex'), session)).toThrow('truncated');
    expect(() => text('*HQ,1,V3,044855,28403,05,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#')).toThrow('count');
  });
});

describe('h02 decoder: fuzz', () => {
  it('survives 200 mutations of every vector, in the framer and the decoder', () => {
    const random = seededRandom(0x4802);
    let slowest = 0;
    for (const v of vectors) {
      for (const mutant of mutations(frameOf(v), 200, random)) {
        const framer = h02Framer();
        const frames = [...framer.push(mutant.subarray(0, 9)), ...framer.push(mutant.subarray(9))];
        for (const frame of [mutant, ...frames]) {
          const run = () => {
            try {
              decodeH02(frame, session);
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
