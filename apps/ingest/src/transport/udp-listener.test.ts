import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../testing/ingest-harness';
import { testRegistry } from '../testing/line-protocol';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('UDP listener', () => {
  it('round trip: datagrams decoded per peer, acked, published; commands go back to the peer', async () => {
    harness = await startTestIngest({ registry: testRegistry });
    const h = harness;
    const port = h.portOf('testline', 'udp');
    const client = createSocket('udp4');
    const received: string[] = [];
    client.on('message', (msg) => received.push(msg.toString('latin1')));
    const send = (text: string) =>
      new Promise<void>((resolve, reject) =>
        client.send(text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
    try {
      await send('LOGIN,udp1');
      await waitFor(() => received.length === 1, 'login ack');
      await send('POS,10,20,1');
      await send('nonsense');
      await send('POS,11,21,2');
      await waitFor(() => h.positions.length === 2 && received.length === 3, 'positions and acks');
      expect(received).toEqual(['OK\n', 'ACK\n', 'ACK\n']);
      expect(h.positions.map((p) => [p.uniqueId, p.latitude, p.attributes.seq])).toEqual([
        ['udp1', 10, 1],
        ['udp1', 11, 2],
      ]);
      expect(h.statuses.map((s) => [s.uniqueId, s.event, s.transport])).toEqual([['udp1', 'online', 'udp']]);

      await h.bus.sendCommand({
        id: '1',
        uniqueId: 'udp1',
        type: 'custom',
        attributes: { data: 'ping' },
        createdAt: new Date().toISOString(),
      });
      await waitFor(() => received.length === 4, 'command datagram');
      expect(received[3]).toBe('CMD,ping\n');
    } finally {
      client.close();
    }
  });

  it('keeps a bounded peer table: a flood of spoofed source ports evicts the least recently seen peers', async () => {
    harness = await startTestIngest({ registry: testRegistry, maxUdpPeers: 20 });
    const h = harness;
    const port = h.portOf('testline', 'udp');
    const sockets = Array.from({ length: 60 }, () => createSocket('udp4'));
    const inbox = sockets.map(() => [] as string[]);
    for (const [i, socket] of sockets.entries()) {
      socket.on('message', (msg) => inbox[i]?.push(msg.toString('latin1')));
    }
    const send = (i: number, text: string) =>
      new Promise<void>((resolve, reject) =>
        sockets[i]?.send(text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
    try {
      for (let i = 0; i < sockets.length; i++) {
        await send(i, `LOGIN,flood${i}`);
        await waitFor(() => inbox[i]?.length === 1, `login ack ${i}`);
      }
      const command = (uniqueId: string) =>
        h.bus.sendCommand({
          id: uniqueId,
          uniqueId,
          type: 'custom',
          attributes: { data: uniqueId },
          createdAt: new Date().toISOString(),
        });
      await command('flood59');
      await waitFor(() => inbox[59]?.length === 2, 'command to a recent peer');
      // the first peers were forgotten: their device is no longer reachable here
      await command('flood0');
      await new Promise((r) => setTimeout(r, 200));
      expect(inbox[0]).toEqual(['OK\n']);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('forgets peers silent for the idle time, and keeps those still talking', async () => {
    harness = await startTestIngest({ registry: testRegistry, idleTimeoutMs: 300 });
    const h = harness;
    const port = h.portOf('testline', 'udp');
    const quiet = createSocket('udp4');
    const talking = createSocket('udp4');
    const got = { quiet: [] as string[], talking: [] as string[] };
    quiet.on('message', (msg) => got.quiet.push(msg.toString('latin1')));
    talking.on('message', (msg) => got.talking.push(msg.toString('latin1')));
    const send = (socket: ReturnType<typeof createSocket>, text: string) =>
      new Promise<void>((resolve, reject) =>
        socket.send(text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
    const command = (uniqueId: string) =>
      h.bus.sendCommand({
        id: uniqueId,
        uniqueId,
        type: 'custom',
        attributes: { data: uniqueId },
        createdAt: new Date().toISOString(),
      });
    try {
      await send(quiet, 'LOGIN,quiet1');
      await send(talking, 'LOGIN,talking1');
      await waitFor(() => got.quiet.length === 1 && got.talking.length === 1, 'login acks');
      for (let i = 0; i < 8; i++) {
        await new Promise((r) => setTimeout(r, 100));
        await send(talking, `POS,1,1,${i}`);
      }
      await command('talking1');
      await waitFor(() => got.talking.includes('CMD,talking1\n'), 'command to the talking peer');
      await command('quiet1');
      await new Promise((r) => setTimeout(r, 200));
      expect(got.quiet).toEqual(['OK\n']);
    } finally {
      quiet.close();
      talking.close();
    }
  });
});
