import { dataSchema } from '@waymark/contracts/common';
import { fleetDashboardSchema } from '@waymark/contracts/fleet-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { fleetDashboard } from './fleet.report';

/** /api/v2/reports/fleet: the statistics page's fleet dashboard over the caller's devices. */
export const fleetV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/reports/fleet',
    {
      config: { permissions: ['VIEW_SUMMARY_REPORTS'] },
      schema: { response: { 200: dataSchema(fleetDashboardSchema) } },
    },
    async (req) => data(await fleetDashboard(caller(req))),
  );
};
