import { describe, expect, it } from 'vitest';
import { validNetwork } from './frame-pipeline';

describe('validNetwork', () => {
  it('keeps the valid towers and access points and drops the ones outside the contract', () => {
    const network = {
      radioType: 'gsm',
      considerIp: false,
      cellTowers: [
        { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 2 ** 36 },
        { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 679_543_529 },
        { mobileCountryCode: 1285, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 1234 },
        { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 1234 },
      ],
      wifiAccessPoints: [{ macAddress: 'not-a-mac', signalStrength: -50 }],
    };
    const kept = validNetwork(network);
    // an LTE or 5G NR cell id (up to 36 bits) is kept; beyond it, or a four-digit country code, is dropped
    expect(kept?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 679_543_529 },
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10, cellId: 1234 },
    ]);
    expect(kept?.wifiAccessPoints ?? []).toEqual([]);
  });

  it('gives null when nothing valid is left', () => {
    expect(validNetwork({ cellTowers: [{ cellId: -1 }] })).toBeNull();
    expect(validNetwork(null)).toBeNull();
  });
});
