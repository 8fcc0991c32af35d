import { afterEach, describe, expect, it } from 'vitest';
import { startTestIngest, waitFor } from '../../testing/ingest-harness';
import { tcpClient, writeApart } from '../../testing/tcp-client';
import { loadVectors } from '../../testing/traccar-vectors';
import { frameOf } from '../../testing/vector-score';
import { ruptelaProtocol } from './ruptela.protocol';

let harness: Awaited<ReturnType<typeof startTestIngest>> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const vectors = loadVectors('ruptela');
const frame = (index: number) => frameOf(vectors.find((v) => v.index === index)!);

describe('ruptela over the ingest listeners', () => {
  it('TCP: identification and split records packets acknowledged, positions published, command sent', async () => {
    harness = await startTestIngest({
      registry: new Map([['ruptela', ruptelaProtocol]]),
      portOverrides: { ruptela: 0 },
    });
    const h = harness;
    const client = await tcpClient(h.portOf('ruptela', 'tcp'));
    const received = () => Buffer.from(client.received(), 'latin1').toString('hex');
    try {
      await writeApart(client.socket, frame(5));
      await waitFor(() => received() === '00027301cb25', 'identification ack');
      const records = frame(13);
      await writeApart(client.socket, records.subarray(0, 50), records.subarray(50));
      await waitFor(() => received().endsWith('0002640113bc') && h.positions.length === 2, 'records ack');
      expect(h.positions.map((p) => [p.uniqueId, p.fixTime])).toEqual([
        ['863591024076709', '2015-04-27T06:57:02.000Z'],
        ['863591024076709', '2015-04-27T06:57:24.000Z'],
      ]);
      await h.bus.sendCommand({
        id: '1',
        uniqueId: '863591024076709',
        type: 'custom',
        attributes: { data: 'coords' },
        createdAt: new Date().toISOString(),
      });
      await waitFor(() => received().includes('6c636f6f726473'), 'command');
    } finally {
      client.socket.destroy();
    }
  });
});
