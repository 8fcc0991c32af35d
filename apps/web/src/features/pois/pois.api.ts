import { dataSchema } from '@waymark/contracts/common';
import { type PoiInput, type PoiUpdate, poiSchema } from '@waymark/contracts/poi';
import { z } from 'zod';
import { http } from '../../api/http';

const one = dataSchema(poiSchema);

export async function fetchPois() {
  return (await http('/api/v2/pois', { schema: dataSchema(z.array(poiSchema)) })).data;
}

export async function createPoi(input: PoiInput) {
  return (await http('/api/v2/pois', { method: 'POST', body: input, schema: one })).data;
}

export async function updatePoi(id: number, input: PoiUpdate) {
  return (await http(`/api/v2/pois/${id}`, { method: 'PUT', body: input, schema: one })).data;
}

export async function deletePoi(id: number): Promise<void> {
  await http(`/api/v2/pois/${id}`, { method: 'DELETE' });
}
