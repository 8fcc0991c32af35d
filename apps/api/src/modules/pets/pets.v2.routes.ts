import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import {
  petActivityReportSchema,
  petComprehensiveReportSchema,
  petPlacesReportSchema,
  petProfileInputSchema,
  petProfileSchema,
  petReportQuerySchema,
  petSleepReportSchema,
  petSummarySchema,
  petWellnessReportSchema,
} from '@waymark/contracts/pet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import {
  getPetProfile,
  listPets,
  petActivityReport,
  petComprehensiveReport,
  petPlacesReport,
  petReportPdf,
  petSleepReport,
  petWellnessReport,
  savePetProfile,
} from './pets.service';

/**
 * /api/v2/pets: a pet's profile and its reports per device and period. No permission flag gates them (the
 * product shows the pet pages to every signed-in user): any signed-in user who sees the device may read them;
 * the tenant scope makes another tenant's device a 404, and read-only accounts may not save a profile.
 */
const OPEN = { permissions: [] };

export const petsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/pets',
    { config: OPEN, schema: { response: { 200: dataSchema(z.array(petSummarySchema)) } } },
    async (req) => data(await listPets(caller(req))),
  );

  app.get(
    '/pets/:id/profile',
    { config: OPEN, schema: { params: idParamsSchema, response: { 200: dataSchema(petProfileSchema) } } },
    async (req) => data(await getPetProfile(caller(req), req.params.id)),
  );

  app.put(
    '/pets/:id/profile',
    {
      config: OPEN,
      schema: { params: idParamsSchema, body: petProfileInputSchema, response: { 200: dataSchema(petProfileSchema) } },
    },
    async (req) => data(await savePetProfile(ctx, caller(req), req.params.id, req.body)),
  );

  const reports = [
    ['activity', petActivityReportSchema, petActivityReport],
    ['sleep', petSleepReportSchema, petSleepReport],
    ['wellness', petWellnessReportSchema, petWellnessReport],
    ['places', petPlacesReportSchema, petPlacesReport],
    ['comprehensive', petComprehensiveReportSchema, petComprehensiveReport],
  ] as const;
  for (const [name, schema, report] of reports) {
    app.get(
      `/pets/:id/${name}`,
      {
        config: OPEN,
        schema: { params: idParamsSchema, querystring: petReportQuerySchema, response: { 200: dataSchema(schema) } },
      },
      async (req) => data(await report(caller(req), req.params.id, req.query)),
    );
  }

  app.get(
    '/pets/:id/comprehensive/pdf',
    { config: OPEN, schema: { params: idParamsSchema, querystring: petReportQuerySchema } },
    async (req, reply) => {
      const { filename, pdf } = await petReportPdf(ctx, caller(req), req.params.id, req.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(filename)}"`)
        .send(pdf);
    },
  );
};
