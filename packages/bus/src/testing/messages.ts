import type { CommandMessage, PositionMessage } from '@waymark/contracts/bus';

/** A valid position message for tests; `seq` is stored in attributes to check order. */
export function buildPositionMessage(uniqueId: string, seq: number): PositionMessage {
  const time = new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString();
  return {
    protocol: 'osmand',
    uniqueId,
    deviceTime: time,
    fixTime: time,
    outdated: false,
    valid: true,
    latitude: 60,
    longitude: 30,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: { seq },
    serverTime: time,
    nodeId: 'test-ingest',
  };
}

export function buildCommandMessage(uniqueId: string, data = 'reboot'): CommandMessage {
  return { id: '1', uniqueId, type: 'custom', attributes: { data }, createdAt: new Date().toISOString() };
}

/** Sequence numbers received per device, in handler order. */
export function seqsByDevice(messages: readonly PositionMessage[]): Map<string, number[]> {
  const result = new Map<string, number[]>();
  for (const m of messages) result.set(m.uniqueId, [...(result.get(m.uniqueId) ?? []), Number(m.attributes.seq)]);
  return result;
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
