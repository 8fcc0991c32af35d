import { describe, expect, it } from 'vitest';
import type { ProtocolDefinition } from '../protocols/protocol.types';
import { protocolRegistry } from '../protocols/registry';
import { loadVectors } from './traccar-vectors';
import { scoreProtocol } from './vector-score';

describe('vector scoring', () => {
  it('gives osmand a full score', () => {
    const score = scoreProtocol(protocolRegistry.get('osmand') as ProtocolDefinition, loadVectors('osmand'));
    expect(score.mismatches).toEqual([]);
    expect(score.positionRate).toBe(1);
    expect(score.attributeRate).toBe(1);
  });

  it('counts a decoder that decodes nothing as missing every position and attribute', () => {
    const silent: ProtocolDefinition = {
      ...(protocolRegistry.get('osmand') as ProtocolDefinition),
      decoder: () => ({ messages: [] }),
    } as ProtocolDefinition;
    const score = scoreProtocol(silent, loadVectors('osmand'));
    expect(score.positionMessagesMatched).toBe(0);
    expect(score.attributesMatched).toBe(0);
    expect(score.attributes).toBeGreaterThan(0);
  });
});
