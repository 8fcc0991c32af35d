import { dataSchema, idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import {
  POI_IMPORT_MAX_CHARS,
  poiImportInputSchema,
  poiImportReportSchema,
  poiInputSchema,
  poiSchema,
  poiUpdateSchema,
} from '@waymark/contracts/poi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { importPois, previewPoiImport } from './poi-import';
import { createPoi, deletePoi, getPoi, listPois, presentPoi, updatePoi } from './pois.service';

const FLAGS = { permissions: ['VIEW_POIS' as const] };
/** A character of the file may take up to 6 bytes once escaped in JSON. */
const IMPORT_BODY_LIMIT = POI_IMPORT_MAX_CHARS * 6 + 1024;
const importRoute = {
  config: FLAGS,
  bodyLimit: IMPORT_BODY_LIMIT,
  schema: { body: poiImportInputSchema, response: { 200: dataSchema(poiImportReportSchema) } },
};

/** /api/v2/pois: points of interest with their category, drawn on the map and named by stops and trips. */
export const poisV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/pois',
    { config: FLAGS, schema: { querystring: listQuerySchema, response: { 200: dataSchema(z.array(poiSchema)) } } },
    async (req) => data((await listPois(caller(req), req.query)).map(presentPoi)),
  );
  app.get(
    '/pois/:id',
    { config: FLAGS, schema: { params: idParamsSchema, response: { 200: dataSchema(poiSchema) } } },
    async (req) => data(presentPoi(await getPoi(caller(req), req.params.id))),
  );
  app.post(
    '/pois',
    { config: FLAGS, schema: { body: poiInputSchema, response: { 200: dataSchema(poiSchema) } } },
    async (req) => data(presentPoi(await createPoi(ctx, caller(req), req.body))),
  );
  app.post('/pois/import/preview', importRoute, async (req) => data(previewPoiImport(req.body.csv)));
  app.post('/pois/import', importRoute, async (req) => data(await importPois(ctx, caller(req), req.body.csv)));
  app.put(
    '/pois/:id',
    {
      config: FLAGS,
      schema: { params: idParamsSchema, body: poiUpdateSchema, response: { 200: dataSchema(poiSchema) } },
    },
    async (req) => data(presentPoi(await updatePoi(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/pois/:id', { config: FLAGS, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deletePoi(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
};
