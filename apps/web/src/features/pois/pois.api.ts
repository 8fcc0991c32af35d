import { dataSchema } from '@waymark/contracts/common';
import { type PoiInput, type PoiUpdate, poiImportReportSchema, poiSchema } from '@waymark/contracts/poi';
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

const importReport = dataSchema(poiImportReportSchema);

/** The server's check of a CSV file, row by row; nothing is written. */
export async function previewPoiImport(csv: string) {
  return (await http('/api/v2/pois/import/preview', { method: 'POST', body: { csv }, schema: importReport })).data;
}

/** Imports every row of the file, or none (a 400 naming the bad lines). */
export async function importPois(csv: string) {
  return (await http('/api/v2/pois/import', { method: 'POST', body: { csv }, schema: importReport })).data;
}
