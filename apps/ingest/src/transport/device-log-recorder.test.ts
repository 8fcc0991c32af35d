import { InProcessDeviceLog } from '@waymark/bus/device-log/in-process-device-log';
import type { DeviceLogEntry } from '@waymark/contracts/device-log';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../testing/ingest-harness';
import { testRegistry } from '../testing/line-protocol';
import { tcpClient, writeApart } from '../testing/tcp-client';
import { DeviceLogRecorder } from './device-log-recorder';
import { Session } from './session';

type Harness = Awaited<ReturnType<typeof startTestIngest>>;
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const all = { from: 0, to: Date.now() + 3_600_000, limit: 1000 };
const LOGIN = '78780d01035288707191199800017fff0d0a';
const LOGIN_ACK = '787805010001d9dc0d0a';
const HEARTBEAT = '78780a13440604000201baaf540d0a';
// framed as gt06 (start bytes, length, stop bytes) but a location message far too short to decode
const MALFORMED = '7878051200000d0a';

describe('device log recording over a real TCP connection', () => {
  it('logs every frame of a gt06 device both ways, the login before it was known and a malformed frame', async () => {
    const store = new InProcessDeviceLog();
    harness = await startTestIngest({ protocols: ['gt06'], portOverrides: { gt06: 0 }, deviceLog: store });
    const client = await tcpClient(harness.portOf('gt06', 'tcp'));
    await writeApart(client.socket, Buffer.from(LOGIN, 'hex'));
    await waitFor(() => client.received().length >= 10, 'login ack');
    await writeApart(client.socket, Buffer.from(MALFORMED, 'hex'), Buffer.from(HEARTBEAT, 'hex'));
    await waitFor(() => client.received().length >= 20, 'heartbeat ack');
    let entries: DeviceLogEntry[] = [];
    await waitFor(() => {
      void store.read('352887071911998', all).then((read) => {
        entries = read;
      });
      return entries.length >= 5;
    }, 'log entries');
    expect(entries.map((e) => [e.direction, e.data])).toEqual([
      ['in', LOGIN],
      ['out', LOGIN_ACK],
      ['in', MALFORMED],
      ['in', HEARTBEAT],
      ['out', Buffer.from(client.received().slice(10), 'latin1').toString('hex')],
    ]);
    expect(entries[0]).toMatchObject({
      protocol: 'gt06',
      transport: 'tcp',
      uniqueId: '352887071911998',
      encoding: 'hex',
      size: 18,
      remoteAddress: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    });
    // the connection carried on after the malformed frame
    expect(client.socket.destroyed).toBe(false);
  });

  it('logs a text protocol as text, and nothing of a connection that never names its device', async () => {
    const store = new InProcessDeviceLog();
    harness = await startTestIngest({ registry: testRegistry, deviceLog: store });
    const port = harness.portOf('testline', 'tcp');
    const anonymous = await tcpClient(port);
    await writeApart(anonymous.socket, 'POS,1,2,3\n');
    const client = await tcpClient(port);
    await writeApart(client.socket, 'LOGIN,txt1\n', 'POS,1,2,3\n');
    await waitFor(() => client.received() === 'OK\nACK\n', 'acks');
    await harness.ingest.close();
    const entries = await store.read('txt1', all);
    expect(entries.map((e) => [e.direction, e.encoding, e.data])).toEqual([
      ['in', 'text', 'LOGIN,txt1'],
      ['out', 'text', 'OK\n'],
      ['in', 'text', 'POS,1,2,3'],
      ['out', 'text', 'ACK\n'],
    ]);
    const everyone = await Promise.all(['', 'txt1'].map((id) => store.read(id, all)));
    expect(everyone[0]).toEqual([]);
  });
});

describe('DeviceLogRecorder', () => {
  it('cuts long frames, keeps a bounded number of frames before identification, and drops beyond its queue', async () => {
    const store = new InProcessDeviceLog();
    const recorder = new DeviceLogRecorder(store, { maxUnlabelled: 2, maxQueued: 4 });
    const session = new Session('gt06', 'tcp', '10.0.0.1:1');
    // before the device is known: the first two frames, a long one kept to its first 512 bytes
    recorder.record(session, 'in', Buffer.from([1]));
    recorder.record(session, 'in', Buffer.alloc(2000, 0xee));
    recorder.record(session, 'in', Buffer.from([3]));
    session.uniqueId = 'cut';
    recorder.identified(session);
    recorder.record(session, 'in', Buffer.alloc(5000, 0xff));
    recorder.record(session, 'out', 'OK');
    recorder.record(session, 'in', Buffer.from([9])); // the queue holds 4: dropped
    await recorder.close();
    const entries = await store.read('cut', all);
    expect(entries.map((e) => e.data.slice(0, 4))).toEqual(['01', 'eeee', 'ffff', 'OK']);
    expect(entries[1]).toMatchObject({ size: 2000, truncated: true });
    expect(entries[1]?.data).toHaveLength(2 * 512);
    expect(entries[2]).toMatchObject({ size: 5000, truncated: true });
    expect(entries[2]?.data).toHaveLength(2 * 4096);
    expect(entries[3]).toMatchObject({ encoding: 'text', direction: 'out', size: 2 });
    expect(recorder.dropped).toBe(1);
  });
});
