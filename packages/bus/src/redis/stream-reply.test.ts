import { positionMessageSchema } from '@waymark/contracts/bus';
import { describe, expect, it } from 'vitest';
import { buildPositionMessage } from '../testing/messages';
import { decodeEntry, fieldValue, parseAutoclaimCursor, parseReadReply } from './stream-reply';

describe('stream replies', () => {
  it('flattens XREADGROUP replies in stream order and keeps trimmed entries as null', () => {
    const reply = [
      [
        's:0',
        [
          ['1-0', ['d', '{"a":1}']],
          ['2-0', null],
        ],
      ],
      ['s:1', []],
      ['s:2', [['1-1', ['x', 'y', 'd', '2']]]],
    ];
    expect(parseReadReply(reply)).toEqual([
      { key: 's:0', id: '1-0', fields: ['d', '{"a":1}'] },
      { key: 's:0', id: '2-0', fields: null },
      { key: 's:2', id: '1-1', fields: ['x', 'y', 'd', '2'] },
    ]);
    expect(parseReadReply(null)).toEqual([]);
  });

  it('reads fields and cursors', () => {
    expect(fieldValue(['x', 'y', 'd', '2'], 'd')).toBe('2');
    expect(fieldValue(['x'], 'x')).toBeUndefined();
    expect(parseAutoclaimCursor(['0-0', [], []])).toBe('0-0');
    expect(parseAutoclaimCursor(['5-1', ['4-0']])).toBe('5-1');
    expect(parseAutoclaimCursor('garbage')).toBe('0-0');
  });

  it('decodes field d against the schema, refusing what does not fit', () => {
    const message = buildPositionMessage('dev', 1);
    expect(decodeEntry(['d', JSON.stringify(message)], positionMessageSchema)).toEqual([message]);
    expect(decodeEntry(['d', '{"uniqueId":"x"}'], positionMessageSchema)).toEqual([undefined]);
    // one device's messages published together share an entry
    expect(decodeEntry(['d', JSON.stringify([message, { uniqueId: 'x' }, message])], positionMessageSchema)).toEqual([
      message,
      undefined,
      message,
    ]);
    expect(decodeEntry(['d', '{not json'], positionMessageSchema)).toBeUndefined();
    expect(decodeEntry(['x', '1'], positionMessageSchema)).toBeUndefined();
  });
});
