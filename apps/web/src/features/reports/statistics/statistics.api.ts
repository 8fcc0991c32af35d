import { dataSchema } from '@waymark/contracts/common';
import { fleetDashboardSchema } from '@waymark/contracts/fleet-dashboard';
import { statisticsSchema } from '@waymark/contracts/report';
import { z } from 'zod';
import { http } from '../../../api/http';

/** GET /api/v2/reports/fleet: the fleet dashboard over the user's devices. */
export async function fetchFleetDashboard() {
  return (await http('/api/v2/reports/fleet', { schema: dataSchema(fleetDashboardSchema) })).data;
}

/** GET /api/statistics: the server's counters, a row per UTC day of [from, to] (ISO). */
export function fetchServerStatistics(from: string, to: string) {
  const query = new URLSearchParams({ from, to });
  return http(`/api/statistics?${query}`, { schema: z.array(statisticsSchema) });
}
