import { type DriverDto, type DriverInput, driverSchema } from '@waymark/contracts/driver';
import { z } from 'zod';
import { http } from '../../api/http';

export const fetchDrivers = () => http('/api/drivers', { schema: z.array(driverSchema) });

export const createDriver = (input: DriverInput) =>
  http('/api/drivers', { method: 'POST', body: input, schema: driverSchema });

/** PUT is addressed by the driver's current uniqueId (the API's PUT /drivers/:uniqueId), which the body may change. */
export const updateDriver = (driver: DriverDto, input: DriverInput) =>
  http(`/api/drivers/${encodeURIComponent(driver.uniqueId)}`, {
    method: 'PUT',
    body: { id: driver.id, ...input },
    schema: driverSchema,
  });

export async function deleteDriver(id: number): Promise<void> {
  await http(`/api/drivers/${id}`, { method: 'DELETE' });
}
