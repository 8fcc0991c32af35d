import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../testing/ingest-harness';
import { testRegistry } from '../testing/line-protocol';
import { tcpClient, writeApart } from '../testing/tcp-client';

type Harness = Awaited<ReturnType<typeof startTestIngest>>;
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Parameters<typeof startTestIngest>[0] = {}) {
  harness = await startTestIngest({ registry: testRegistry, ...options });
  return { h: harness, port: harness.portOf('testline', 'tcp') };
}

const seqs = (h: Harness, uniqueId: string) =>
  h.positions.filter((p) => p.uniqueId === uniqueId).map((p) => p.attributes.seq);

describe('TCP listener', () => {
  it('frames split and merged reads, acks after publishing, reports connect/disconnect', async () => {
    const { h, port } = await start();
    const client = await tcpClient(port);
    await writeApart(client.socket, 'LOG', 'IN,dev1\nPOS,1,2,', '0\nPOS,3,4,1\r\nPOS,5,6,2\n');
    await waitFor(() => client.received() === 'OK\nACK\nACK\nACK\n', 'acks');
    await waitFor(() => h.positions.length === 3, 'positions');
    expect(seqs(h, 'dev1')).toEqual([0, 1, 2]);
    expect(h.positions[0]).toMatchObject({ protocol: 'testline', latitude: 1, longitude: 2, nodeId: 'ingest-test' });
    expect(h.statuses.map((s) => [s.uniqueId, s.event, s.transport])).toEqual([['dev1', 'connected', 'tcp']]);

    client.socket.end();
    await waitFor(() => h.statuses.length === 2, 'disconnect status');
    expect(h.statuses[1]).toMatchObject({ uniqueId: 'dev1', event: 'disconnected' });
  });

  it('drops a malformed frame of one connection without affecting it or another', async () => {
    const { h, port } = await start();
    const a = await tcpClient(port);
    const b = await tcpClient(port);
    await writeApart(a.socket, 'LOGIN,devA\n');
    await writeApart(b.socket, 'LOGIN,devB\n');
    await writeApart(a.socket, 'GARBAGE\n', Buffer.from([0, 255, 13, 10, 7, 7]), 'POS,x,y\n', 'POS,1,1,7\n');
    await writeApart(b.socket, 'POS,2,2,1\n');
    await waitFor(() => h.positions.length === 2, 'positions of both');
    expect(seqs(h, 'devA')).toEqual([7]);
    expect(seqs(h, 'devB')).toEqual([1]);
    await waitFor(() => a.received() === 'OK\nACK\n' && b.received() === 'OK\nACK\n', 'acks of both');
    expect(a.socket.destroyed).toBe(false);
  });

  it('sends a command to the connection holding the device', async () => {
    const { h, port } = await start();
    const client = await tcpClient(port);
    await writeApart(client.socket, 'LOGIN,dev9\n');
    await waitFor(() => client.received() === 'OK\n', 'login ack');
    await h.bus.sendCommand({
      id: '42',
      uniqueId: 'dev9',
      type: 'custom',
      attributes: { data: 'reboot' },
      createdAt: new Date().toISOString(),
    });
    await waitFor(() => client.received() === 'OK\nCMD,reboot\n', 'command');
    await h.bus.sendCommand({
      id: '43',
      uniqueId: 'elsewhere',
      type: 'custom',
      attributes: { data: 'x' },
      createdAt: new Date().toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(client.received()).toBe('OK\nCMD,reboot\n');
  });

  it('holds frames and acks while the bus is slow (back-pressure), keeping order', async () => {
    const { h, port } = await start();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const publish = h.bus.publish.bind(h.bus);
    h.bus.publish = async (topic, messages) => {
      if (topic === 'positions') await gate;
      return publish(topic, messages);
    };
    const client = await tcpClient(port);
    await writeApart(client.socket, 'LOGIN,slow\n');
    await writeApart(client.socket, ...Array.from({ length: 20 }, (_, i) => `POS,1,1,${i}\n`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.received()).toBe('OK\n');
    expect(h.positions).toEqual([]);
    open();
    await waitFor(() => h.positions.length === 20, 'positions after the bus caught up');
    expect(seqs(h, 'slow')).toEqual([...Array(20).keys()]);
    await waitFor(() => client.received() === `OK\n${'ACK\n'.repeat(20)}`, 'acks');
  });

  it('closes every connection on close()', async () => {
    const { h, port } = await start();
    const client = await tcpClient(port);
    await writeApart(client.socket, 'LOGIN,bye\n');
    await waitFor(() => h.statuses.length === 1, 'connected');
    await h.ingest.close();
    await client.closed;
    expect(h.statuses.map((s) => s.event)).toEqual(['connected', 'disconnected']);
  });

  it('replaces the first connection of a device that opens a second one', async () => {
    const { h, port } = await start();
    const first = await tcpClient(port);
    await writeApart(first.socket, 'LOGIN,dev2\n');
    await waitFor(() => first.received() === 'OK\n', 'first login');
    const second = await tcpClient(port);
    await writeApart(second.socket, 'LOGIN,dev2\n');
    await waitFor(() => second.received() === 'OK\n', 'second login');
    await waitFor(() => first.socket.destroyed || first.socket.readableEnded, 'first connection closed');
    await writeApart(second.socket, 'POS,1,1,5\n');
    await waitFor(() => h.positions.length === 1, 'position on the new connection');
    // the old connection's close does not report the device offline: it is connected again
    await new Promise((r) => setTimeout(r, 100));
    expect(h.statuses.filter((s) => s.event === 'disconnected')).toEqual([]);
  });

  it('refuses connections beyond the limit per address', async () => {
    const { port } = await start({ maxConnectionsPerAddress: 2 });
    const a = await tcpClient(port);
    const b = await tcpClient(port);
    const c = await tcpClient(port);
    await writeApart(a.socket, 'LOGIN,l1\n');
    await writeApart(b.socket, 'LOGIN,l2\n');
    await waitFor(() => a.received() === 'OK\n' && b.received() === 'OK\n', 'two accepted');
    await waitFor(() => c.socket.destroyed || c.socket.readableEnded, 'third refused');
  });

  it('refuses connections beyond the global limit, across protocols and addresses', async () => {
    const { h, port } = await start({ maxConnections: 2, maxConnectionsPerAddress: 0 });
    const a = await tcpClient(port);
    const b = await tcpClient(port);
    await writeApart(a.socket, 'LOGIN,g1\n');
    await writeApart(b.socket, 'LOGIN,g2\n');
    await waitFor(() => a.received() === 'OK\n' && b.received() === 'OK\n', 'two accepted');
    const c = await tcpClient(port);
    await waitFor(() => c.socket.destroyed || c.socket.readableEnded, 'third refused');
    // a closed connection frees its place
    a.socket.destroy();
    await waitFor(() => h.statuses.some((s) => s.uniqueId === 'g1' && s.event === 'disconnected'), 'first closed');
    const d = await tcpClient(port);
    await writeApart(d.socket, 'LOGIN,g4\n');
    await waitFor(() => d.received() === 'OK\n', 'fourth accepted once a place is free');
  });

  it('closes a connection that drips bytes but completes no frame within the idle time', async () => {
    const { port } = await start({ idleTimeoutMs: 400 });
    const dripper = await tcpClient(port);
    const talker = await tcpClient(port);
    await writeApart(talker.socket, 'LOGIN,talk\n');
    const started = Date.now();
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      if (!dripper.socket.destroyed) dripper.socket.write('P');
      if (!talker.socket.destroyed) talker.socket.write(`POS,1,1,${n}\n`);
    }, 100);
    try {
      await waitFor(() => dripper.socket.destroyed || dripper.socket.readableEnded, 'dripping connection closed', 3000);
      expect(Date.now() - started).toBeLessThan(1500);
      // whole frames keep a connection alive
      await new Promise((r) => setTimeout(r, 600));
      expect(talker.socket.destroyed || talker.socket.readableEnded).toBe(false);
    } finally {
      clearInterval(timer);
    }
  });
});
