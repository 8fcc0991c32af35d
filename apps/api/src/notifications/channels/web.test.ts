import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LiveHub } from '../../live/live-hub';
import { envContext, sampleDelivery } from '../testing/delivery';
import { webChannel } from './web';

describe('web', () => {
  it("pushes an {events} frame with the message to the user's sockets only", async () => {
    const live = new LiveHub(pino({ level: 'silent' }));
    const frames: Record<number, string[]> = { 7: [], 8: [] };
    for (const userId of [7, 8]) live.subscribe({ userId, sees: () => true, send: (f) => frames[userId]?.push(f) });
    const anonymous: string[] = [];
    live.subscribe({ sees: () => true, send: (f) => anonymous.push(f) });
    const d = sampleDelivery({ id: 7 });
    await webChannel.send({ ...envContext({}), live }, d);
    expect(frames[7]?.map((f) => JSON.parse(f))).toEqual([
      { events: [{ ...d.event, attributes: { ...d.event.attributes, message: d.message.short } }] },
    ]);
    expect(frames[8]).toEqual([]);
    expect(anonymous).toEqual([]);
  });
});
