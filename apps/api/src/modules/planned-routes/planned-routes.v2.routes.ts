import { dataSchema, idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import { routeInputSchema, routeSchema, routeUpdateSchema } from '@waymark/contracts/route';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { createRoute, deleteRoute, getRoute, listRoutes, presentRoute, updateRoute } from './planned-routes.service';

const FLAGS = { permissions: ['VIEW_ROUTES' as const] };

/** /api/v2/routes: planned routes (a line and a corridor width) and the devices and groups they watch. */
export const plannedRoutesV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/routes',
    { config: FLAGS, schema: { querystring: listQuerySchema, response: { 200: dataSchema(z.array(routeSchema)) } } },
    async (req) => data((await listRoutes(caller(req), req.query)).map(presentRoute)),
  );
  app.get(
    '/routes/:id',
    { config: FLAGS, schema: { params: idParamsSchema, response: { 200: dataSchema(routeSchema) } } },
    async (req) => data(presentRoute(await getRoute(caller(req), req.params.id))),
  );
  app.post(
    '/routes',
    { config: FLAGS, schema: { body: routeInputSchema, response: { 200: dataSchema(routeSchema) } } },
    async (req) => data(presentRoute(await createRoute(ctx, caller(req), req.body))),
  );
  app.put(
    '/routes/:id',
    {
      config: FLAGS,
      schema: { params: idParamsSchema, body: routeUpdateSchema, response: { 200: dataSchema(routeSchema) } },
    },
    async (req) => data(presentRoute(await updateRoute(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/routes/:id', { config: FLAGS, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteRoute(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
};
