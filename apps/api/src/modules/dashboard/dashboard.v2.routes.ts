import { dataSchema } from '@waymark/contracts/common';
import { dashboardSchema } from '@waymark/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { dashboard } from './dashboard.service';

/** /api/v2/dashboard: the admin dashboard's figures within the caller's tenants. */
export const dashboardV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/dashboard',
    { config: { permissions: ['VIEW_ADMIN_DASHBOARD'] }, schema: { response: { 200: dataSchema(dashboardSchema) } } },
    async (req) => data(await dashboard(caller(req))),
  );
};
