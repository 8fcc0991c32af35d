import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { protocolRegistry } from '../protocols/registry';
import { runDecodeCommand } from './decode-command';
import type { ToolIo } from './tool-io';

function fakeIo() {
  const io: ToolIo = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() };
  let out = '';
  let err = '';
  io.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  io.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return { io, out: () => out, err: () => err };
}

const LOGIN = '78780d01086471700328358100093f040d0a'; // gt06 vector 1
const LOCATION = '78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a'; // gt06 vector 145

describe('waymark decode', () => {
  it('decodes an osmand HTTP request and prints its position as JSON', async () => {
    const t = fakeIo();
    const code = await runDecodeCommand(
      [
        '--protocol',
        'osmand',
        '--http',
        'GET /?id=42&lat=48.85&lon=2.35&timestamp=1700000000&speed=10 HTTP/1.1\r\n\r\n',
      ],
      t.io,
    );
    expect(code).toBe(0);
    const result = JSON.parse(t.out());
    expect(result).toMatchObject({
      uniqueId: '42',
      ack: null,
      status: 200,
      positions: [{ uniqueId: '42', latitude: 48.85, longitude: 2.35, speed: 10, fixTime: '2023-11-14T22:13:20.000Z' }],
    });
    expect(t.out()).toContain('\n  "uniqueId"'); // pretty
  });

  it('exits 2 with the list of protocols for an unknown protocol', async () => {
    const t = fakeIo();
    expect(await runDecodeCommand(['--protocol', 'nosuch', '--hex', '00'], t.io)).toBe(2);
    expect(t.err()).toContain('unknown protocol "nosuch"');
    expect(t.err()).toContain(`protocols: ${[...protocolRegistry.keys()].join(', ')}`);
    expect(t.out()).toBe('');
  });

  it('exits 2 without a message or protocol, 1 when the decoder rejects the message', async () => {
    expect(await runDecodeCommand(['--protocol', 'osmand'], fakeIo().io)).toBe(2);
    expect(await runDecodeCommand(['--hex', '00'], fakeIo().io)).toBe(2);
    const t = fakeIo();
    expect(await runDecodeCommand(['--protocol', 'osmand', '--http', 'GET /?id=1&lat=x HTTP/1.1\r\n\r\n'], t.io)).toBe(
      1,
    );
    expect(t.err()).toContain('cannot decode: lat is not a number');
  });

  it.skipIf(!protocolRegistry.has('suntech'))('decodes with the device settings given by --setting', async () => {
    const report =
      'ST300STT;807469112;45;315;20231215;15:25:03;104147;-16.030168;-047.989150;000.000;000.00;19;1;8600;12.14;000010;1;0456;000373;4.1;1;01B54221010000;0';
    const plain = fakeIo();
    expect(await runDecodeCommand(['-p', 'suntech', '--text', report], plain.io)).toBe(0);
    expect(JSON.parse(plain.out()).positions[0].attributes.hours).toBeUndefined();
    const configured = fakeIo();
    expect(
      await runDecodeCommand(
        ['-p', 'suntech', '--text', report, '--setting', 'model=ST300', '--setting', 'suntech.hbm=true'],
        configured.io,
      ),
    ).toBe(0);
    expect(JSON.parse(configured.out()).positions[0].attributes).toMatchObject({ hours: 373 * 60000, battery: 4.1 });
    expect(await runDecodeCommand(['-p', 'suntech', '--text', report, '--setting', 'hbm'], fakeIo().io)).toBe(2);
  });

  it.skipIf(!protocolRegistry.has('gt06'))('decodes several messages in order on one session', async () => {
    const t = fakeIo();
    expect(await runDecodeCommand(['-p', 'gt06', '--hex', LOGIN, '--hex', LOCATION], t.io)).toBe(0);
    const [login, location] = JSON.parse(t.out());
    expect(login).toMatchObject({ uniqueId: '864717003283581', positions: [], ack: '78780501000955940d0a' });
    expect(location.positions[0]).toMatchObject({ uniqueId: '864717003283581', course: 143 });

    const alone = fakeIo();
    expect(await runDecodeCommand(['-p', 'gt06', '--hex', LOCATION, '--unique-id', '123456789012345'], alone.io)).toBe(
      0,
    );
    expect(JSON.parse(alone.out()).positions[0].uniqueId).toBe('123456789012345');
  });
});
