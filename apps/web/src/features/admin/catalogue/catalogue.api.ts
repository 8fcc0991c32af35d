import {
  type DeviceModelInput,
  deviceModelSchema,
  type ManufacturerInput,
  manufacturerSchema,
  protocolPortSchema,
  type VendorInput,
  vendorSchema,
} from '@waymark/contracts/catalogue';
import { dataSchema, PAGE_SIZE_MAX, pageSchema } from '@waymark/contracts/common';
import { dashboardSchema } from '@waymark/contracts/dashboard';
import { deviceSchema } from '@waymark/contracts/device';
import {
  type SimInput,
  simCardSchema,
  simEventSchema,
  simImportReportSchema,
  simStatsSchema,
} from '@waymark/contracts/sim';
import { z } from 'zod';
import { http } from '../../../api/http';
import { queryString } from '../shared/use-page-query';

type Params = Record<string, string | number>;
const V2 = '/api/v2';
const unwrap = async <T>(promise: Promise<{ data: T }>) => (await promise).data;

/** POST for a new row, PUT for an existing one. */
async function save<T extends z.ZodType>(path: string, id: number | undefined, body: unknown, schema: T) {
  const url = id === undefined ? `${V2}${path}` : `${V2}${path}/${id}`;
  const method = id === undefined ? 'POST' : 'PUT';
  const answer = await http(url, { method, body, schema: z.object({ data: schema }) });
  return (answer as { data: z.output<T> }).data;
}

const remove = async (path: string, id: number) => {
  await http(`${V2}${path}/${id}`, { method: 'DELETE' });
};

// models and manufacturers
export const fetchModelPage = (params: Params) =>
  unwrap(http(`${V2}/model${queryString(params)}`, { schema: dataSchema(pageSchema(deviceModelSchema)) }));
export const fetchProtocols = () =>
  unwrap(http(`${V2}/model/protocols`, { schema: dataSchema(z.array(protocolPortSchema)) }));
export const saveModel = ({ id, input }: { id?: number; input: DeviceModelInput }) =>
  save('/model', id, input, deviceModelSchema);
export const deleteModel = (id: number) => remove('/model', id);

export const fetchManufacturerPage = (params: Params) =>
  unwrap(http(`${V2}/manufacturer${queryString(params)}`, { schema: dataSchema(pageSchema(manufacturerSchema)) }));
/** Every manufacturer, for the model dialog's picker: one page of the largest size the API gives (a short list). */
export const fetchAllManufacturers = async () =>
  (await fetchManufacturerPage({ size: PAGE_SIZE_MAX, sortBy: 'name' })).content;
export const saveManufacturer = ({ id, input }: { id?: number; input: ManufacturerInput }) =>
  save('/manufacturer', id, input, manufacturerSchema);
export const deleteManufacturer = (id: number) => remove('/manufacturer', id);

// vendors
export const fetchVendorPage = (params: Params) =>
  unwrap(http(`${V2}/vendor${queryString(params)}`, { schema: dataSchema(pageSchema(vendorSchema)) }));
export const fetchAllVendors = () => unwrap(http(`${V2}/sim/vendor`, { schema: dataSchema(z.array(vendorSchema)) }));
export const saveVendor = ({ id, input }: { id?: number; input: VendorInput }) =>
  save('/vendor', id, input, vendorSchema);
export const deleteVendor = (id: number) => remove('/vendor', id);

// SIM cards
export const fetchSimPage = (params: Params) =>
  unwrap(http(`${V2}/sim${queryString(params)}`, { schema: dataSchema(pageSchema(simCardSchema)) }));
export const fetchSimStats = () => unwrap(http(`${V2}/sim/stats`, { schema: dataSchema(simStatsSchema) }));
export const fetchSim = (id: number) => unwrap(http(`${V2}/sim/${id}`, { schema: dataSchema(simCardSchema) }));
export const fetchSimHistory = (id: number) =>
  unwrap(http(`${V2}/sim/${id}/history`, { schema: dataSchema(z.array(simEventSchema)) }));
export const saveSim = ({ id, input }: { id?: number; input: SimInput }) => save('/sim', id, input, simCardSchema);
export const deleteSim = (id: number) => remove('/sim', id);
export const setSimDevice = ({ id, deviceId }: { id: number; deviceId: number | null }) =>
  unwrap(http(`${V2}/sim/${id}/device`, { method: 'POST', body: { deviceId }, schema: dataSchema(simCardSchema) }));
export const previewSimImport = (csv: string) =>
  unwrap(
    http(`${V2}/sim/import/preview`, { method: 'POST', body: { csv }, schema: dataSchema(simImportReportSchema) }),
  );
export const importSims = (csv: string) =>
  unwrap(http(`${V2}/sim/import`, { method: 'POST', body: { csv }, schema: dataSchema(simImportReportSchema) }));

/** The caller's devices, for the "put in a device" picker. */
export const fetchDevices = () => http('/api/devices?all=true', { schema: z.array(deviceSchema) });

// dashboard
export const fetchDashboard = () => unwrap(http(`${V2}/dashboard`, { schema: dataSchema(dashboardSchema) }));
