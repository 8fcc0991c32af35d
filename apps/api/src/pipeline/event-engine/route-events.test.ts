import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../testing/pipeline-harness';
import { BASE, createHarness, message } from '../../testing/pipeline-harness';

let h: Harness;
let tenantId: number | null;
beforeAll(async () => {
  h = await createHarness();
  tenantId = (await h.device('route-probe')).tenantId;
});
afterAll(() => h.close());

const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
// the line runs east along latitude 52.5; 0.001° of latitude is about 111 m
const LINE = 'LINESTRING (52.5 13.3, 52.5 13.5)';
const ON = 52.5003; // 33 m off the line
const OFF = 52.5012; // 133 m off the line

async function planned(uniqueId: string, width = 100) {
  const d = await h.device(uniqueId);
  const route = await h.t.ctx.db.route.create({ data: { name: `Route ${uniqueId}`, tenantId, area: LINE, width } });
  return { d, route };
}

async function run(uniqueId: string, lats: number[]) {
  await h.send(lats.map((latitude, m) => message(uniqueId, m, { latitude })));
}

async function summary(deviceId: number) {
  return (await h.events(deviceId)).map((e) => [e.type, e.eventTime.toISOString(), e.attributes]);
}

describe('planned route events through the pipeline', () => {
  it('raises routeExit beyond half the corridor width and routeEnter when back', async () => {
    const { d, route } = await planned('route-1');
    await h.t.ctx.db.deviceRoute.create({ data: { deviceId: d.id, routeId: route.id } });
    await run('route-1', [ON, ON, OFF, OFF, ON]);
    const named = { routeId: route.id, routeName: 'Route route-1' };
    expect(await summary(d.id)).toEqual([
      ['routeExit', at(2), named],
      ['routeEnter', at(4), named],
    ]);
    const saved = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } });
    expect(saved.eventState).toMatchObject({ routes: { [route.id]: true } });
  });

  it('counts the width: the same positions stay on a corridor 300 m wide', async () => {
    const { d, route } = await planned('route-2', 300);
    await h.t.ctx.db.deviceRoute.create({ data: { deviceId: d.id, routeId: route.id } });
    await run('route-2', [ON, OFF, ON]);
    expect(await summary(d.id)).toEqual([]);
  });

  it('applies a route linked to the device’s group; a device first seen off its route raises nothing', async () => {
    const group = await h.t.ctx.db.group.create({ data: { name: 'Vans', tenantId } });
    const d = await h.device('route-3', { groupId: group.id });
    const route = await h.t.ctx.db.route.create({ data: { name: 'Ring', tenantId, area: LINE, width: 100 } });
    await h.t.ctx.db.groupRoute.create({ data: { groupId: group.id, routeId: route.id } });
    await run('route-3', [OFF, OFF, ON, OFF]);
    expect((await summary(d.id)).map(([type, time]) => [type, time])).toEqual([
      ['routeEnter', at(2)],
      ['routeExit', at(3)],
    ]);
  });

  it('raises nothing for a device without routes', async () => {
    const d = await h.device('route-4');
    await run('route-4', [ON, OFF]);
    expect(await summary(d.id)).toEqual([]);
    const saved = await h.t.ctx.db.device.findUniqueOrThrow({ where: { id: d.id } });
    expect(saved.eventState).not.toHaveProperty('routes');
  });
});
