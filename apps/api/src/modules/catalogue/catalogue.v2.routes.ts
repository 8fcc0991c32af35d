import {
  deviceModelInputSchema,
  deviceModelSchema,
  manufacturerInputSchema,
  manufacturerSchema,
  protocolPortSchema,
  vendorInputSchema,
  vendorSchema,
} from '@waymark/contracts/catalogue';
import { dataSchema, idParamsSchema, pageQuerySchema, pageSchema } from '@waymark/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { presentManufacturer, presentModel, presentVendor } from './catalogue.presenter';
import { createManufacturer, deleteManufacturer, pageManufacturers, updateManufacturer } from './manufacturers.service';
import { createModel, deleteModel, pageModels, protocolPorts, updateModel } from './models.service';
import { createVendor, deleteVendor, listVendors, pageVendors, updateVendor } from './vendors.service';

/** Writes declare ADMIN_ACCOUNT; the services also ask for the page's flag and platform staff. */
const WRITE = { permissions: ['ADMIN_ACCOUNT' as const] };

/**
 * /api/v2/model, /manufacturer, /vendor and /sim/vendor: the platform's stock catalogues. Lists are read with the
 * page's flag (tenant admins read them for their forms); changes are for platform staff.
 */
export const catalogueV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/model',
    {
      config: { permissions: ['VIEW_MODELS'] },
      schema: { querystring: pageQuerySchema, response: { 200: dataSchema(pageSchema(deviceModelSchema)) } },
    },
    async (req) => data(mapPage(await pageModels(caller(req), req.query), presentModel)),
  );
  app.get(
    '/model/protocols',
    {
      config: { permissions: ['VIEW_MODELS'] },
      schema: { response: { 200: dataSchema(z.array(protocolPortSchema)) } },
    },
    async () => data(protocolPorts()),
  );
  app.post(
    '/model',
    { config: WRITE, schema: { body: deviceModelInputSchema, response: { 200: dataSchema(deviceModelSchema) } } },
    async (req) => data(presentModel(await createModel(ctx, caller(req), req.body))),
  );
  app.put(
    '/model/:id',
    {
      config: WRITE,
      schema: {
        params: idParamsSchema,
        body: deviceModelInputSchema,
        response: { 200: dataSchema(deviceModelSchema) },
      },
    },
    async (req) => data(presentModel(await updateModel(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/model/:id', { config: WRITE, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteModel(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/manufacturer',
    {
      config: { permissions: ['VIEW_MODELS'] },
      schema: { querystring: pageQuerySchema, response: { 200: dataSchema(pageSchema(manufacturerSchema)) } },
    },
    async (req) => data(mapPage(await pageManufacturers(caller(req), req.query), presentManufacturer)),
  );
  app.post(
    '/manufacturer',
    { config: WRITE, schema: { body: manufacturerInputSchema, response: { 200: dataSchema(manufacturerSchema) } } },
    async (req) => data(presentManufacturer(await createManufacturer(ctx, caller(req), req.body))),
  );
  app.put(
    '/manufacturer/:id',
    {
      config: WRITE,
      schema: {
        params: idParamsSchema,
        body: manufacturerInputSchema,
        response: { 200: dataSchema(manufacturerSchema) },
      },
    },
    async (req) => data(presentManufacturer(await updateManufacturer(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/manufacturer/:id', { config: WRITE, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteManufacturer(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });

  // The SIM card forms' vendor picker: every vendor, unpaged.
  app.get(
    '/sim/vendor',
    {
      config: { permissions: ['VIEW_VENDORS', 'VIEW_SIMS'] },
      schema: { response: { 200: dataSchema(z.array(vendorSchema)) } },
    },
    async (req) => data((await listVendors(caller(req))).map(presentVendor)),
  );
  app.get(
    '/vendor',
    {
      config: { permissions: ['VIEW_VENDORS'] },
      schema: { querystring: pageQuerySchema, response: { 200: dataSchema(pageSchema(vendorSchema)) } },
    },
    async (req) => data(mapPage(await pageVendors(caller(req), req.query), presentVendor)),
  );
  app.post(
    '/vendor',
    { config: WRITE, schema: { body: vendorInputSchema, response: { 200: dataSchema(vendorSchema) } } },
    async (req) => data(presentVendor(await createVendor(ctx, caller(req), req.body))),
  );
  app.put(
    '/vendor/:id',
    {
      config: WRITE,
      schema: { params: idParamsSchema, body: vendorInputSchema, response: { 200: dataSchema(vendorSchema) } },
    },
    async (req) => data(presentVendor(await updateVendor(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/vendor/:id', { config: WRITE, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteVendor(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
};
