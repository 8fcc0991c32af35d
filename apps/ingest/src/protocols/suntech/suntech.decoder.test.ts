import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fuzzStream } from '../../testing/stream-fuzz';
import { loadVectors, type TraccarVector, testSession } from '../../testing/traccar-vectors';
import { frameOf, scoreProtocol } from '../../testing/vector-score';
import type { Decoder } from '../protocol.types';
import { createSuntechDecoder, decodeSuntech, type SuntechOptions } from './suntech.decoder';
import { encodeSuntech } from './suntech.encoder';
import { suntechFramer } from './suntech.framer';
import { suntechProtocol } from './suntech.protocol';

const definition = suntechProtocol;
const vectors = loadVectors('suntech');
const session = testSession({ protocol: 'suntech' });
const text = (s: string) => Buffer.from(s, 'latin1');

/** The decoder configured for each vector as Traccar's test configured its decoder (`config`: setHbm, …). */
function configuredAsTraccar(list: readonly TraccarVector[]): Decoder<Buffer> {
  const setters: Record<string, keyof SuntechOptions> = {
    setHbm: 'hbm',
    setIncludeAdc: 'includeAdc',
    setIncludeRpm: 'includeRpm',
    setIncludeTemp: 'includeTemp',
  };
  const byFrame = new Map<string, SuntechOptions>();
  for (const vector of list as (TraccarVector & { config?: { call: string; args: unknown[] }[] })[]) {
    const options: SuntechOptions = {};
    for (const { call, args } of vector.config ?? []) {
      const option = setters[call];
      if (option) options[option] = Boolean(args[0]);
    }
    byFrame.set(frameOf(vector).toString('hex'), options);
  }
  return (frame, view) => createSuntechDecoder(byFrame.get(frame.toString('hex')))(frame, view);
}

describe('suntech decoder: Traccar vectors', () => {
  it('decodes every vector as Traccar did, with the configuration its test set', () => {
    const score = scoreProtocol({ ...definition, decoder: configuredAsTraccar(vectors) }, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });

  it('decodes every vector as Traccar did from the device settings in the session (options)', () => {
    const score = scoreProtocol(definition, vectors);
    expect(score.mismatches).toEqual([]);
    expect(score.attributeRate).toBe(1);
  });

  it('decodes every position with the default configuration too (only the configured extras go missing)', () => {
    const score = scoreProtocol({ ...definition, decoder: createSuntechDecoder({}) }, vectors);
    expect(score.mismatches.filter((m) => !m.reason.startsWith('attribute'))).toEqual([]);
    expect(score.mismatches.length).toBeGreaterThan(0);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBeGreaterThanOrEqual(0.9);
  });
});

describe('suntech decoder', () => {
  it('decodes a legacy status report and answers a keep-alive with nothing', () => {
    const report =
      'SA200STT;317652;042;20120721;19:04:30;16d41;-15.618743;-056.083221;000.001;000.00;12;1;41557;12.21;100000;1;3125';
    const result = decodeSuntech(text(`${report}\r`), session);
    expect(result.uniqueId).toBe('317652');
    expect(result.ack).toBeUndefined();
    expect(result.state).toEqual({ prefix: 'SA200' });
    expect(result.messages[0]).toMatchObject({
      fixTime: '2012-07-21T19:04:30.000Z',
      valid: true,
      latitude: -15.618743,
      attributes: { type: 'STT', odometer: 41557, power: 12.21, ignition: true, status: 1, index: 3125 },
    });
    expect(decodeSuntech(text('SA200ALV;317652'), session)).toEqual({
      messages: [],
      uniqueId: '317652',
      state: { prefix: 'SA200' },
    });
  });

  it('acknowledges reports over UDP as the manual says', () => {
    const udp = testSession({ transport: 'udp', state: { prefix: 'SA200' } });
    const emergency =
      'SA200EMG;317652;042;20120718;15:35:41;16d41;-15.618740;-056.083252;000.034;000.00;8;1;41548;12.17;110000;1';
    const result = decodeSuntech(text(emergency), udp);
    expect(result.messages[0]?.attributes.alarm).toBe('sos');
    expect(result.ack).toBe('SA200ACK;317652\r');
    const zip = frameOf(vectors.find((v) => v.index === 0) as TraccarVector);
    expect(decodeSuntech(zip, udp).ack).toEqual(Buffer.from('155113408770', 'hex'));
  });

  it('decodes a universal alert with its assign map and the hour meter when configured', () => {
    const alert =
      'ALT;0840037569;FFFFFF;84;1.0.6;0;20221228;11:33:05;00004490;724;11;05D3;33;-22.845935;-46.322000;0.00;0.00;' +
      '18;0;00000001;00000000;41;;;;08E3800F;4.1;12.37;0;0;0;0;4;;;;';
    const [position] = decodeSuntech(text(alert), session).messages;
    expect(position?.attributes).toMatchObject({ alarm: 'powerCut', archive: true, io1: '4.1', io18: '4' });
    expect(position?.network?.cellTowers?.[0]).toMatchObject({ cellId: 0x4490, locationAreaCode: 0x5d3 });

    const hbm =
      'ST300STT;807469112;45;315;20231215;15:25:03;104147;-16.030168;-047.989150;000.000;000.00;19;1;8600;12.14;000010;1;0456;000373;4.1;1;01B54221010000;0';
    expect(decodeSuntech(text(hbm), session).messages[0]?.attributes.hours).toBeUndefined();
    expect(createSuntechDecoder({ hbm: true })(text(hbm), session).messages[0]?.attributes).toMatchObject({
      hours: 373 * 60000,
      battery: 4.1,
      driverUniqueId: '01B54221010000',
    });
  });

  it('keeps the serial data of a UEX report whole, whatever it holds', () => {
    const uex =
      'ST600UEX;008728327;20;520;20190218;10:56:51;0bf1a893;334;20;2f19;18;+20.514195;-100.743597;000.015;000.00;9;1;' +
      '3720808;12.89;000000;44;t_0=0D;N_0=0551.0;t_1=14;N_1=039F.0;Q_D=0B\r\n;9E;010440;4.1;1';
    expect(decodeSuntech(text(uex), session).messages[0]?.attributes).toMatchObject({
      temp0: 13,
      fuel0: 1361,
      fuel1: 927,
      fuel: 2288,
      drivingQuality: 11,
    });
  });

  it('turns a command reply into a result', () => {
    const [reply] = decodeSuntech(text('ST300CMD;Res;511848119;315;Reboot'), session).messages;
    expect(reply).toMatchObject({
      outdated: true,
      deviceTime: null,
      attributes: { type: 'CMD', result: '315;Reboot' },
    });
  });

  it('refuses malformed reports', () => {
    expect(() => decodeSuntech(text('ST300STT;205027329;03;374;20150108;17:54:42;177b38;-23.5;x'), session)).toThrow();
    expect(() =>
      decodeSuntech(text('ST300STT;205027329;03;374;20151308;17:54:42;177b38;-23.5;-46.4'), session),
    ).toThrow('date');
    expect(() => decodeSuntech(text('STT;0560001616;XYZ;56'), session)).toThrow('mask');
    const zip = frameOf(vectors.find((v) => v.index === 21) as TraccarVector);
    expect(() => decodeSuntech(zip.subarray(0, 40), session)).toThrow('truncated');
    expect(decodeSuntech(text('-Error'), session).messages).toEqual([]);
  });

  it('survives mutated frames', () => {
    fuzzStream(
      {
        ...definition,
        decoder: createSuntechDecoder({ hbm: true, includeAdc: true, includeRpm: true, includeTemp: true }),
      },
      vectors.map((v) => frameOf(v)),
      session,
    );
    fuzzStream(
      definition,
      vectors.map((v) => frameOf(v)),
      testSession({ transport: 'udp' }),
      { seed: 7 },
    );
  });
});

interface FrameCase {
  index: number;
  input: string;
  expect_frame: string | null;
}

describe('suntech framer', () => {
  const cases = readFileSync(
    fileURLToPath(new URL('../../../fixtures/traccar-vectors/frames/suntech.jsonl', import.meta.url)),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as FrameCase);
  const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

  for (const c of cases) {
    const input = Buffer.from(c.input, 'hex');
    it(`case ${c.index}: one read, byte by byte, merged and after garbage`, () => {
      expect(hex(suntechFramer().push(input))[0] ?? null).toBe(c.expect_frame);
      const framer = suntechFramer();
      const frames: Buffer[] = [];
      for (const byte of input) frames.push(...framer.push(Buffer.from([byte])));
      expect(hex(frames)).toEqual([c.expect_frame]);
      const garbage = Buffer.from('0d0aff00', 'hex');
      expect(hex(suntechFramer().push(Buffer.concat([garbage, input, input, input])))).toEqual([
        c.expect_frame,
        c.expect_frame,
        c.expect_frame,
      ]);
    });
  }

  it('takes a long UEX report byte by byte in linear time', () => {
    const head =
      'ST300UEX;100850000;01;010;20081017;07:41:56;2F100;+37.478519;+126.886819;000.012;000.00;9;1;0;15.30;001100;20000;';
    const long = Buffer.concat([text(head), Buffer.alloc(20000, 0x0d), text(';12;0;4.5;1\r')]);
    const framer = suntechFramer();
    const started = performance.now();
    const frames: Buffer[] = [];
    for (let i = 0; i < long.length; i++) frames.push(...framer.push(long.subarray(i, i + 1)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(frames.map((f) => f.equals(long.subarray(0, -1)))).toEqual([true]);
  });

  it('never throws and stays bounded on garbage', () => {
    const framer = suntechFramer();
    for (let i = 0; i < 40; i++) {
      const garbage = Buffer.from(Array.from({ length: 4096 }, (_, j) => (i * 37 + j * 11) % 256));
      expect(() => framer.push(garbage)).not.toThrow();
    }
    framer.push(Buffer.alloc(70000, 0x41));
    expect(framer.push(text('\rSA200ALV;317652\r'))).toEqual([text('SA200ALV;317652')]);
  });
});

describe('suntech encoder', () => {
  const command = { id: '1', uniqueId: '100850000', createdAt: '2025-01-01T00:00:00.000Z' };
  it('writes the commands of the manual with the model the device reports as', () => {
    expect(encodeSuntech({ ...command, type: 'positionSingle', attributes: {} }, session)).toBe(
      'ST300CMD;100850000;02;StatusReq\r',
    );
    const sa200 = testSession({ state: { prefix: 'SA200' } });
    expect(encodeSuntech({ ...command, type: 'engineStop', attributes: {} }, sa200)).toBe(
      'SA200CMD;100850000;02;Enable1\r',
    );
    expect(encodeSuntech({ ...command, type: 'engineResume', attributes: {} }, sa200)).toBe(
      'SA200CMD;100850000;02;Disable1\r',
    );
    expect(
      encodeSuntech({ ...command, type: 'custom', attributes: { data: 'ST300CMD;100850000;02;Preset' } }, session),
    ).toBe('ST300CMD;100850000;02;Preset\r');
    expect(encodeSuntech({ ...command, type: 'alarmArm', attributes: {} }, session)).toBeNull();
  });
});
