import { dataSchema, idParamsSchema, pageSchema } from '@waymark/contracts/common';
import {
  simCardSchema,
  simDeviceInputSchema,
  simEventSchema,
  simImportInputSchema,
  simImportReportSchema,
  simInputSchema,
  simListQuerySchema,
  simStatsSchema,
} from '@waymark/contracts/sim';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { setSimDevice } from './sim-device.service';
import { simHistory } from './sim-history.service';
import { importSims, previewSimImport } from './sim-import.service';
import { presentSim, presentSimEvent } from './sims.presenter';
import { createSim, deleteSim, getSim, pageSims, simStats, updateSim } from './sims.service';

/** Writes declare ADMIN_ACCOUNT; the services also ask for VIEW_SIMS. */
const WRITE = { permissions: ['ADMIN_ACCOUNT' as const] };
const DETAILS = { permissions: ['VIEW_SIM_DETAILS' as const] };
/** A CSV of up to 2 MB travels as a JSON string: room for its escapes above the app's 1 MB default. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** /api/v2/sim: the SIM card stock, a card's device and history, CSV import. */
export const simsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/sim',
    {
      config: { permissions: ['VIEW_SIMS'] },
      schema: { querystring: simListQuerySchema, response: { 200: dataSchema(pageSchema(simCardSchema)) } },
    },
    async (req) => data(mapPage(await pageSims(caller(req), req.query), presentSim)),
  );
  app.get(
    '/sim/stats',
    { config: { permissions: ['VIEW_SIMS'] }, schema: { response: { 200: dataSchema(simStatsSchema) } } },
    async (req) => data(await simStats(caller(req))),
  );
  app.get(
    '/sim/:id',
    { config: DETAILS, schema: { params: idParamsSchema, response: { 200: dataSchema(simCardSchema) } } },
    async (req) => data(presentSim(await getSim(caller(req), req.params.id))),
  );
  app.get(
    '/sim/:id/history',
    { config: DETAILS, schema: { params: idParamsSchema, response: { 200: dataSchema(z.array(simEventSchema)) } } },
    async (req) => {
      const auth = caller(req);
      const sim = await getSim(auth, req.params.id);
      return data((await simHistory(auth, sim.id)).map(presentSimEvent));
    },
  );
  app.post(
    '/sim',
    { config: WRITE, schema: { body: simInputSchema, response: { 200: dataSchema(simCardSchema) } } },
    async (req) => data(presentSim(await createSim(ctx, caller(req), req.body))),
  );
  app.put(
    '/sim/:id',
    {
      config: WRITE,
      schema: { params: idParamsSchema, body: simInputSchema, response: { 200: dataSchema(simCardSchema) } },
    },
    async (req) => data(presentSim(await updateSim(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/sim/:id', { config: WRITE, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteSim(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
  app.post(
    '/sim/:id/device',
    {
      config: WRITE,
      schema: { params: idParamsSchema, body: simDeviceInputSchema, response: { 200: dataSchema(simCardSchema) } },
    },
    async (req) => data(presentSim(await setSimDevice(ctx, caller(req), req.params.id, req.body.deviceId))),
  );
  app.post(
    '/sim/import/preview',
    {
      config: WRITE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: simImportInputSchema, response: { 200: dataSchema(simImportReportSchema) } },
    },
    async (req) => data(await previewSimImport(ctx, caller(req), req.body.csv)),
  );
  app.post(
    '/sim/import',
    {
      config: WRITE,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: simImportInputSchema, response: { 200: dataSchema(simImportReportSchema) } },
    },
    async (req) => data(await importSims(ctx, caller(req), req.body.csv)),
  );
};
