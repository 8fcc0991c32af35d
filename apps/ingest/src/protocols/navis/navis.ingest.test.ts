import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../../testing/ingest-harness';
import { tcpClient, writeApart } from '../../testing/tcp-client';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { navisProtocol } from './navis.protocol';
import { flexPacket, ntcbPacket } from './navis-ntcb';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const vectors = loadVectors('navis');
const frame = (index: number) => frameOf(vectors.find((v) => v.index === index) as never);

describe('navis over the ingest listeners', () => {
  it('TCP: handshake, FLEX negotiation, a split ~T record acknowledged and published, command sent', async () => {
    harness = await startTestIngest({ registry: new Map([['navis', navisProtocol]]), portOverrides: { navis: 0 } });
    const h = harness;
    const client = await tcpClient(h.portOf('navis', 'tcp'));
    const received = () => Buffer.from(client.received(), 'latin1');
    const login = frame(12);
    const negotiation = frame(13);
    const server = login.readUInt32LE(4);
    const device = login.readUInt32LE(8);
    try {
      await writeApart(client.socket, login.subarray(0, 9), login.subarray(9));
      const sAck = ntcbPacket(device, server, Buffer.from('*<S'));
      await waitFor(() => received().equals(sAck), '*<S');
      await writeApart(client.socket, negotiation);
      const flexAck = ntcbPacket(device, server, Buffer.from([...Buffer.from('*<FLEX'), 0xb0, 0x14, 0x14]));
      await waitFor(() => received().equals(Buffer.concat([sAck, flexAck])), '*<FLEX');
      const record = frame(14);
      await writeApart(client.socket, Buffer.of(0x7f), record.subarray(0, 30), record.subarray(30));
      const tAck = flexPacket('T', record.subarray(2, 6));
      await waitFor(() => received().equals(Buffer.concat([sAck, flexAck, tAck])) && h.positions.length === 1, '~T');
      expect(h.positions.map((p) => [p.uniqueId, p.fixTime, p.attributes.index])).toEqual([
        ['869696049737385', '2019-01-19T18:26:25.000Z', 40],
      ]);
      await h.bus.sendCommand({
        id: '1',
        uniqueId: '869696049737385',
        type: 'custom',
        attributes: { data: 'CNCT_DRC' },
        createdAt: new Date().toISOString(),
      });
      await waitFor(() => received().includes(Buffer.from('*!CNCT_DRC')), 'command');
    } finally {
      client.socket.destroy();
    }
  });
});
