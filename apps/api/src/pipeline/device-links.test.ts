import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../testing/pipeline-harness';
import { BASE, createHarness, message } from '../testing/pipeline-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('computed attributes in the pipeline', () => {
  it('are applied (device and group links, by priority) before hours and events', async () => {
    const tenantId = (await h.device('ca-probe')).tenantId;
    const group = await h.t.ctx.db.group.create({ data: { name: 'Relays', tenantId } });
    const d = await h.device('ca-1', { groupId: group.id });
    const ignition = await h.t.ctx.db.computedAttribute.create({
      data: {
        tenantId,
        description: 'Ignition from DIN1',
        attribute: 'ignition',
        expression: 'io239 == 1',
        type: 'boolean',
      },
    });
    const label = await h.t.ctx.db.computedAttribute.create({
      data: {
        tenantId,
        description: 'Label',
        attribute: 'label',
        expression: 'ignition ? "on" : "off"',
        type: 'string',
        priority: -1, // after the ignition: sees its result
      },
    });
    const broken = await h.t.ctx.db.computedAttribute.create({
      data: { tenantId, description: 'Broken', attribute: 'x', expression: '((', type: 'number' },
    });
    await h.t.ctx.db.deviceComputedAttribute.create({ data: { deviceId: d.id, attributeId: ignition.id } });
    await h.t.ctx.db.groupComputedAttribute.create({ data: { groupId: group.id, attributeId: label.id } });
    await h.t.ctx.db.deviceComputedAttribute.create({ data: { deviceId: d.id, attributeId: broken.id } });
    const io = [0, 1, 1, 0];
    await h.send(io.map((io239, m) => message('ca-1', m, { attributes: { io239 } })));
    const rows = await h.t.ctx.db.position.findMany({ where: { deviceId: d.id }, orderBy: { fixTime: 'asc' } });
    const attrs = rows.map((r) => r.attributes as Record<string, unknown>);
    expect(attrs.map((a) => [a.ignition, a.label, a.x])).toEqual([
      [false, 'off', undefined],
      [true, 'on', undefined],
      [true, 'on', undefined],
      [false, 'off', undefined],
    ]);
    expect(attrs[2]?.hours).toBe(60_000); // the computed ignition counts engine hours
    const events = await h.events(d.id);
    expect(events.map((e) => [e.type, e.eventTime.getTime()])).toEqual([
      ['ignitionOn', BASE + 60_000],
      ['ignitionOff', BASE + 180_000],
    ]);
  });
});
