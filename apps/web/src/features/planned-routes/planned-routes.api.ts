import { dataSchema } from '@waymark/contracts/common';
import { type RouteInput, type RouteUpdate, routeSchema } from '@waymark/contracts/route';
import { z } from 'zod';
import { http } from '../../api/http';

const one = dataSchema(routeSchema);

export async function fetchRoutes() {
  return (await http('/api/v2/routes', { schema: dataSchema(z.array(routeSchema)) })).data;
}

export async function createRoute(input: RouteInput) {
  return (await http('/api/v2/routes', { method: 'POST', body: input, schema: one })).data;
}

export async function updateRoute(id: number, input: RouteUpdate) {
  return (await http(`/api/v2/routes/${id}`, { method: 'PUT', body: input, schema: one })).data;
}

export async function deleteRoute(id: number): Promise<void> {
  await http(`/api/v2/routes/${id}`, { method: 'DELETE' });
}
