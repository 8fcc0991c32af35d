import type { Position } from '@waymark/contracts/device';

export type LiveRoutesMode = 'none' | 'selected' | 'all';
export type Trails = Map<number, [number, number][]>;

export interface TrailSettings {
  mode: LiveRoutesMode;
  length: number;
}

/** mapLiveRoutes and web.liveRouteLength: the user's attributes override the server's. */
export function trailSettings(user: Record<string, unknown>, server: Record<string, unknown> = {}): TrailSettings {
  const modeValue = user.mapLiveRoutes ?? server.mapLiveRoutes;
  const mode: LiveRoutesMode = modeValue === 'selected' || modeValue === 'all' ? modeValue : 'none';
  const lengthValue = Number(user['web.liveRouteLength'] ?? server['web.liveRouteLength'] ?? 10);
  const length = Number.isFinite(lengthValue) && lengthValue >= 1 ? Math.floor(lengthValue) : 10;
  return { mode, length };
}

/**
 * Appends each new position to its device's trail, capped at `length` points, in place. With mode 'none'
 * every trail is cleared; with 'selected' only the selected device keeps one.
 */
export function appendTrails(
  trails: Trails,
  positions: readonly Position[],
  settings: TrailSettings,
  selectedId: number | null,
): Trails {
  if (settings.mode === 'none') {
    trails.clear();
    return trails;
  }
  if (settings.mode === 'selected') {
    for (const id of trails.keys()) if (id !== selectedId) trails.delete(id);
  }
  for (const p of positions) {
    if (settings.mode === 'selected' && p.deviceId !== selectedId) continue;
    const trail = trails.get(p.deviceId) ?? [];
    const last = trail[trail.length - 1];
    if (!last || last[0] !== p.latitude || last[1] !== p.longitude) trail.push([p.latitude, p.longitude]);
    if (trail.length > settings.length) trail.splice(0, trail.length - settings.length);
    trails.set(p.deviceId, trail);
  }
  return trails;
}
