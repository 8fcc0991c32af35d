import type { Area } from '@waymark/geo/area';
import { parsedArea } from './geofences';

/** A planned route linked to a device: its line and corridor width (metres), as the events engine checks it. */
export interface RouteShape {
  id: number;
  name: string;
  area: Area | null;
  width: number;
}

export function routeShapeOf(id: number, name: string, text: string, width: number): RouteShape {
  return { id, name, area: parsedArea(id, text), width };
}
