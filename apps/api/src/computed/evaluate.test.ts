import { describe, expect, it } from 'vitest';
import { applyComputed, compileComputed, compileExpression, convertComputed, expressionContext } from './evaluate';

const position = (attributes: Record<string, unknown> = {}) => ({
  deviceId: 7,
  fixTime: new Date('2024-01-01T00:00:00Z'),
  valid: true,
  latitude: 48.85,
  longitude: 2.35,
  speed: 60,
  course: 90,
  attributes,
});
const row = (id: number, attribute: string, expression: string, type = 'number', priority = 0) => ({
  id,
  attribute,
  expression,
  type,
  priority,
});

describe('computed attributes', () => {
  it('reads position fields and attributes by name', () => {
    const p = position({ io200: 125, ignition: true, fuel: '42.5' });
    applyComputed(
      compileComputed([
        row(1, 'fast', 'speed > 50', 'boolean'),
        row(2, 'voltage', 'io200 * 0.1'),
        row(3, 'on', 'ignition ? 1 : 0'),
        row(4, 'label', '"dev-" + deviceId', 'string'),
        row(5, 'fuelNumber', 'fuel'),
        row(6, 'timeMs', 'fixTime'),
      ]),
      p,
    );
    expect(p.attributes).toMatchObject({ fast: true, voltage: 12.5, on: 1, label: 'dev-7', fuelNumber: 42.5 });
    expect(p.attributes.timeMs).toBe(Date.parse('2024-01-01T00:00:00Z'));
  });

  it('converts results to the declared type, leaving unusable results unset', () => {
    expect(convertComputed('12', 'number')).toBe(12);
    expect(convertComputed(true, 'number')).toBe(1);
    expect(convertComputed('abc', 'number')).toBeUndefined();
    expect(convertComputed('', 'number')).toBeUndefined();
    expect(convertComputed([1], 'number')).toBeUndefined();
    expect(convertComputed(0, 'boolean')).toBe(false);
    expect(convertComputed('true', 'boolean')).toBe(true);
    expect(convertComputed('yes', 'boolean')).toBeUndefined();
    expect(convertComputed(3.5, 'string')).toBe('3.5');
    expect(convertComputed({ a: 1 }, 'string')).toBeUndefined();
    expect(convertComputed(null, 'string')).toBeUndefined();
    expect(convertComputed(undefined, 'number')).toBeUndefined();
  });

  it('applies in priority order (higher first) and later expressions see earlier results', () => {
    const p = position({ raw: 10 });
    applyComputed(
      compileComputed([
        row(1, 'doubled', 'scaled * 2', 'number', 1),
        row(2, 'scaled', 'raw * 10', 'number', 5),
        row(3, 'scaled', 'raw * 100', 'number', 5),
      ]),
      p,
    );
    // priority 5 first (ids 2 then 3: the later one wins), then priority 1 sees scaled = 1000
    expect(p.attributes).toMatchObject({ scaled: 1000, doubled: 2000 });
  });

  it('never throws: a failing or broken expression leaves its attribute unset', () => {
    const compiled = compileComputed([
      row(1, 'bad', 'speed +', 'number'),
      row(2, 'missing', 'nothing.deeper', 'number'),
      row(3, 'ok', 'course / 2', 'number'),
      row(4, 'weird', 'speed', 'date'),
    ]);
    expect(compiled.map((c) => c.id)).toEqual([2, 3]);
    const p = position({ missing: 5 });
    p.attributes.missing = 5;
    expect(() => applyComputed(compiled, p)).not.toThrow();
    expect(p.attributes).toEqual({ missing: 5, ok: 45 });
  });

  it('fields win over attributes of the same name; nothing reaches the prototype', () => {
    const context = expressionContext(position({ speed: 1, toString: 'x' }));
    expect(context.speed).toBe(60);
    expect(Object.getPrototypeOf(context)).toBeNull();
    const p = position();
    applyComputed(compileComputed([row(1, 'ctor', 'constructor', 'string')]), p);
    expect(p.attributes.ctor).toBeUndefined();
  });

  it('compileExpression reports parse errors', () => {
    expect(() => compileExpression('speed > ')).toThrow(Error);
    expect(() => compileExpression('   ')).toThrow(/empty/);
    expect(() => compileExpression('((')).toThrow(/Unexpected end/);
    expect(() => compileExpression('name | upper')).toThrow(Error);
    expect(compileExpression('a + b').evalSync({ a: 1, b: 2 })).toBe(3);
  });

  it('refuses expressions whose cost could grow beyond a bound: a filter in a filter, too many terms, too long', () => {
    const list = '{a:[0,1,2,3,4,5,6,7,8,9]}.a';
    let bomb = 'true';
    for (let depth = 0; depth < 7; depth += 1) bomb = `${list}[.x || ${bomb}]`;
    expect(bomb.length).toBe(249);
    const started = performance.now();
    expect(() => compileExpression(bomb)).toThrow(/filter inside another filter/);
    expect(performance.now() - started).toBeLessThan(50);
    expect(() => compileExpression(`${list}[.x > 1 || ${list}[.x > 2]]`)).toThrow(/filter inside another filter/);
    expect(() => compileExpression(Array.from({ length: 150 }, (_, i) => `a${i}`).join(' + '))).toThrow(/too complex/);
    expect(() => compileExpression(`speed > ${'1'.repeat(1001)}`)).toThrow(/longer than/);
    // one stored before these bounds computes nothing on positions, and costs nothing
    expect(compileComputed([row(1, 'bomb', bomb, 'boolean'), row(2, 'ok', 'speed > 1', 'boolean')])).toHaveLength(1);
    // one level of filter, static indexes and chained filters stay allowed
    expect(compileExpression('{a:[{x:1},{x:5},{x:9}]}.a[.x > 4][.x < 8]').evalSync({})).toEqual([{ x: 5 }]);
    expect(compileExpression(`${list}[${list}[1]]`).evalSync({})).toBe(1);
  });

  it('the costliest accepted expression runs in milliseconds', () => {
    const items = Array.from({ length: 90 }, (_, i) => i).join(',');
    // 90 elements, each running a 100-term sum
    const inner = Array.from({ length: 50 }, () => '.x').join(' + ');
    const expression = `{a:[${items}]}.a[${inner} > 0]`;
    const compiled = compileExpression(expression);
    const started = performance.now();
    expect(compiled.evalSync({})).toEqual([]);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
