import type { DecodedPosition } from '../protocols/protocol.types';

/** A decoded position under construction: Traccar's defaults, attributes open for the decoder to fill. */
export type PositionDraft = DecodedPosition & { attributes: Record<string, string | number | boolean | null> };

/** An empty position with Traccar's defaults (no time, no fix), shared by every decoder's own helpers. */
export function emptyPosition(): PositionDraft {
  return {
    deviceTime: null,
    fixTime: null,
    outdated: false,
    valid: false,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}
