import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../../testing/ingest-harness';
import { tcpClient, writeApart } from '../../testing/tcp-client';
import { teltonikaProtocol } from './teltonika.protocol';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const login = Buffer.from('000f313233343536373839303132333435', 'hex');
const avl = Buffer.from(
  '000000000000004508010000015eb70a86d00024089d4d21dee3860137005f12005f000e06ef01f00150011503c800450108b5000bb6000642382718005fcd057ace19d3430f57440000000001000002bf',
  'hex',
);

describe('teltonika over the ingest listeners', () => {
  it('TCP: login, split AVL packet, record-count ack, then a codec 12 command back', async () => {
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
    });
    const h = harness;
    const client = await tcpClient(h.portOf('teltonika', 'tcp'));
    const received = () => Buffer.from(client.received(), 'latin1').toString('hex');
    try {
      await writeApart(client.socket, login.subarray(0, 5), login.subarray(5));
      await waitFor(() => received() === '01', 'login ack');
      await writeApart(client.socket, avl.subarray(0, 30), avl.subarray(30));
      await waitFor(() => received() === '0100000001', 'record ack');
      expect(h.positions.map((p) => [p.uniqueId, p.protocol, p.latitude, p.longitude])).toEqual([
        ['123456789012345', 'teltonika', 56.8255366, 60.4544333],
      ]);

      await h.bus.sendCommand({
        id: '1',
        uniqueId: '123456789012345',
        type: 'engineStop',
        attributes: {},
        createdAt: new Date().toISOString(),
      });
      await waitFor(() => received().length > 10, 'command');
      expect(Buffer.from(received().slice(10), 'hex').subarray(15, 26).toString('latin1')).toBe('setdigout 1');
    } finally {
      client.socket.destroy();
    }
  });

  it('UDP: a datagram names its device and is acknowledged with its packet id', async () => {
    harness = await startTestIngest({
      registry: new Map([['teltonika', teltonikaProtocol]]),
      portOverrides: { teltonika: 0 },
    });
    const h = harness;
    const client = createSocket('udp4');
    const received: string[] = [];
    client.on('message', (msg) => received.push(msg.toString('hex')));
    const datagram = Buffer.from(
      '003dcafe0105000f33353230393330383634303336353508010000016b4f815b30010000000000000000000000000000000103021503010101425dbc000001',
      'hex',
    );
    try {
      await new Promise<void>((resolve, reject) =>
        client.send(datagram, h.portOf('teltonika', 'udp'), '127.0.0.1', (err) => (err ? reject(err) : resolve())),
      );
      await waitFor(() => received.length === 1 && h.positions.length === 1, 'ack and position');
      expect(received).toEqual(['0005cafe010501']);
      expect(h.positions[0]?.uniqueId).toBe('352093086403655');
    } finally {
      client.close();
    }
  });
});
