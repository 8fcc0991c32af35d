/** What a replay shows, kept in the page's URL: `?deviceId=1&deviceId=2&groupId=5` (repeated, as the API takes them). */
export interface ReplaySelection {
  deviceIds: number[];
  groupIds: number[];
}

/** The most devices and groups one replay names in its URL (a group brings its own devices on top). */
export const REPLAY_MAX_CHOSEN = 50;

function idsOf(values: readonly string[]): number[] {
  const ids = values.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, REPLAY_MAX_CHOSEN);
}

/** The selection in a URL; ids that are not positive integers are dropped, repeats counted once. */
export function readReplaySelection(params: URLSearchParams): ReplaySelection {
  return { deviceIds: idsOf(params.getAll('deviceId')), groupIds: idsOf(params.getAll('groupId')) };
}

/** `base` with the selection written over its deviceId/groupId parameters (the others kept). */
export function writeReplaySelection(selection: ReplaySelection, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  params.delete('deviceId');
  params.delete('groupId');
  for (const id of selection.deviceIds) params.append('deviceId', String(id));
  for (const id of selection.groupIds) params.append('groupId', String(id));
  return params;
}

export const isEmptySelection = (s: ReplaySelection) => s.deviceIds.length === 0 && s.groupIds.length === 0;

/** The API query of a replay (GET /api/reports/route, /summary, /stops): the selection and the period. */
export function replayQuery(selection: ReplaySelection, from: Date, to: Date): URLSearchParams {
  const query = writeReplaySelection(selection, new URLSearchParams());
  query.set('from', from.toISOString());
  query.set('to', to.toISOString());
  return query;
}
