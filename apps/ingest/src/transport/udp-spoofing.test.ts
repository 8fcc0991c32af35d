import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProtocolDefinition } from '../protocols/protocol.types';
import { wialonProtocol } from '../protocols/wialon/wialon.protocol';
import { startTestIngest, waitFor } from '../testing/ingest-harness';
import { testRegistry } from '../testing/line-protocol';
import { tcpClient } from '../testing/tcp-client';

// UDP sources are easily spoofed: what a datagram may make the ingest do to the address it names.

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;
const sockets: UdpSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await harness?.close();
  harness = undefined;
});

/** A UDP client of the ingest's `port`, collecting what it receives. */
function udpClient(port: number) {
  const socket = createSocket('udp4');
  sockets.push(socket);
  const received: string[] = [];
  socket.on('message', (msg) => received.push(msg.toString('latin1')));
  const send = (text: string) =>
    new Promise<void>((resolve, reject) =>
      socket.send(text, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())),
    );
  return { received, send };
}

const command = (uniqueId: string, data: string) =>
  harness?.bus.sendCommand({
    id: data,
    uniqueId,
    type: 'custom',
    attributes: { data },
    createdAt: new Date().toISOString(),
  });

describe('UDP answers', () => {
  it("do not reflect wialon's ping to a source that names no device (the answer is larger)", async () => {
    const registry = new Map<string, ProtocolDefinition>([['wialon', wialonProtocol]]);
    harness = await startTestIngest({ registry });
    const peer = udpClient(harness.portOf('wialon', 'udp'));
    await peer.send('#P#\n'); // 4 bytes; `#AP#\r\n` would be 6
    await peer.send('#P#\n');
    await peer.send('860000000000001#P#\n'); // names its device: answered
    await waitFor(() => peer.received.length === 1, 'the answer to the identified ping');
    // datagrams of a peer are handled in order: the two before got nothing
    expect(peer.received).toEqual(['#AP#\r\n']);
    await peer.send('#P#\n'); // the peer is now that device's
    await waitFor(() => peer.received.length === 2, 'the ping of a known peer');
  });

  it('still answer a source that names no device when the answer is not larger', async () => {
    harness = await startTestIngest({ registry: testRegistry });
    const peer = udpClient(harness.portOf('testline', 'udp'));
    await peer.send('POS,1,2'); // no device: dropped, but acked with 4 bytes for 7
    await waitFor(() => peer.received.length === 1, 'ack');
    expect(peer.received).toEqual(['ACK\n']);
  });
});

describe('a UDP datagram naming a device connected over TCP', () => {
  it("neither closes the device's TCP connection nor takes its commands", async () => {
    harness = await startTestIngest({ registry: testRegistry });
    const h = harness;
    const tcp = await tcpClient(h.portOf('testline', 'tcp'));
    tcp.socket.write('LOGIN,dev1\n');
    await waitFor(() => tcp.received() === 'OK\n', 'tcp login ack');
    const spoofed = udpClient(h.portOf('testline', 'udp'));
    await spoofed.send('LOGIN,dev1');
    await spoofed.send('POS,5,6,1');
    await waitFor(() => spoofed.received.length === 2 && h.positions.length === 1, 'udp acks and position');
    expect(tcp.socket.destroyed).toBe(false);
    await command('dev1', 'stop');
    await waitFor(() => tcp.received().endsWith('CMD,stop\n'), 'the command over TCP');
    expect(spoofed.received).toEqual(['OK\n', 'ACK\n']);
    expect(h.statuses.map((s) => [s.event, s.transport])).toEqual([['connected', 'tcp']]);

    // once the TCP connection is gone, a datagram binds the device as before
    tcp.socket.end();
    await tcp.closed;
    await waitFor(() => h.statuses.some((s) => s.event === 'disconnected'), 'disconnected');
    await spoofed.send('LOGIN,dev1');
    await waitFor(() => spoofed.received.length === 3, 'login ack');
    await command('dev1', 'again');
    await waitFor(() => spoofed.received.includes('CMD,again\n'), 'the command over UDP');
  });
});
