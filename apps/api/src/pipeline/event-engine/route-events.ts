import { containsPoint } from '@waymark/geo/contains';
import type { EventContext } from './types';

/**
 * routeExit / routeEnter: a device linked to a planned route (directly or through its groups) is on it while
 * within half the corridor width of the line. state.routes remembers, per route, whether the device was on it;
 * the first position seen for a route only sets that (a device linked while far away raises nothing until it has
 * joined the route once), and a change fires the event with the route's id and name in its attributes.
 */
export function routeEvents(ctx: EventContext): void {
  const { position } = ctx;
  if (position.outdated) return;
  const before = ctx.state.routes;
  if (ctx.routes.length === 0 && !before) return;
  const next: Record<string, boolean> = {};
  let changed = false;
  for (const route of ctx.routes) {
    if (!route.area) continue;
    const on = containsPoint(route.area, position.latitude, position.longitude, route.width / 2);
    const was = before?.[route.id];
    next[route.id] = on;
    if (was === on) continue;
    changed = true;
    if (was !== undefined) {
      ctx.emit(on ? 'routeEnter' : 'routeExit', { attributes: { routeId: route.id, routeName: route.name } });
    }
  }
  // an unlinked or deleted route is forgotten
  if (!changed && before && Object.keys(before).length === Object.keys(next).length) return;
  if (Object.keys(next).length > 0) ctx.state.routes = next;
  else delete ctx.state.routes;
  ctx.touch();
}
