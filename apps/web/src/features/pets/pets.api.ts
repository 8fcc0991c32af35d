import { dataSchema } from '@waymark/contracts/common';
import {
  type PetProfileInput,
  type PetView,
  petActivityReportSchema,
  petComprehensiveReportSchema,
  petPlacesReportSchema,
  petProfileSchema,
  petSleepReportSchema,
  petSummarySchema,
  petWellnessReportSchema,
} from '@waymark/contracts/pet';
import { z } from 'zod';
import { ApiError, http } from '../../api/http';
import { getAccessToken } from '../../api/token-storage';

const V2 = '/api/v2/pets';

/** The reports by the path segment that serves them. */
export const PET_REPORT_SCHEMAS = {
  activity: petActivityReportSchema,
  sleep: petSleepReportSchema,
  wellness: petWellnessReportSchema,
  places: petPlacesReportSchema,
  comprehensive: petComprehensiveReportSchema,
} as const;
export type PetReportKind = keyof typeof PET_REPORT_SCHEMAS;
export type PetReportOf<K extends PetReportKind> = z.output<(typeof PET_REPORT_SCHEMAS)[K]>;

/** What a report covers: the view's days ending on `date`, read in the browser's time zone. */
export interface PetPeriodParams {
  view: PetView;
  date: string;
  timezone: string;
}

const query = (p: PetPeriodParams) =>
  new URLSearchParams({ view: p.view, date: p.date, timezone: p.timezone }).toString();

export const fetchPets = async () => (await http(V2, { schema: dataSchema(z.array(petSummarySchema)) })).data;

export const fetchPetProfile = async (id: number) =>
  (await http(`${V2}/${id}/profile`, { schema: dataSchema(petProfileSchema) })).data;

export const savePetProfile = async (id: number, input: PetProfileInput) =>
  (await http(`${V2}/${id}/profile`, { method: 'PUT', body: input, schema: dataSchema(petProfileSchema) })).data;

export async function fetchPetReport<K extends PetReportKind>(
  kind: K,
  id: number,
  period: PetPeriodParams,
): Promise<PetReportOf<K>> {
  const schema = dataSchema(PET_REPORT_SCHEMAS[kind]);
  const body = await http(`${V2}/${id}/${kind}?${query(period)}`, { schema });
  return body.data as PetReportOf<K>;
}

/** The comprehensive report's PDF (fetched with the access token, so it cannot be a plain link). */
export async function fetchPetReportPdf(id: number, period: PetPeriodParams): Promise<Blob> {
  const token = getAccessToken();
  const res = await fetch(`${V2}/${id}/comprehensive/pdf?${query(period)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? res.statusText, body);
  }
  return res.blob();
}
