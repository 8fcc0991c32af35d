import { dataSchema, idParamsSchema, pageSchema } from '@waymark/contracts/common';
import type { Permission } from '@waymark/contracts/permissions';
import {
  STOCK_IMPORT_MAX_CHARS,
  stockBulkResultSchema,
  stockDeviceCreateSchema,
  stockDeviceDetailSchema,
  stockDeviceQuerySchema,
  stockDeviceSchema,
  stockDeviceUpdateSchema,
  stockExpirySchema,
  stockGroupBodySchema,
  stockImportBodySchema,
  stockImportReportSchema,
  stockStatsSchema,
  stockTenantBodySchema,
  stockUserMoveSchema,
} from '@waymark/contracts/stock-device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { presentStockDevice, presentStockDeviceDetail } from './stock.presenter';
import {
  createStockDevice,
  deleteStockDevice,
  getStockDevice,
  pageStockDevices,
  setStockDeviceDisabled,
  stockStats,
  updateStockDevice,
} from './stock.service';
import { assignToGroup, assignToTenant, moveToUser, removeUser, setExpiry, unassign } from './stock-assign.service';
import { importDevices, previewImport } from './stock-import.service';

const LIST: { permissions: Permission[] } = { permissions: ['VIEW_DEVICES'] };
const DETAIL: { permissions: Permission[] } = { permissions: ['VIEW_DEVICE_DETAILS'] };
const one = { 200: dataSchema(stockDeviceSchema) };
/** A CSV of STOCK_IMPORT_MAX_CHARS characters, each up to 4 bytes of UTF-8 once in JSON, with some room. */
const IMPORT_BODY_LIMIT = STOCK_IMPORT_MAX_CHARS * 2;

/** /api/v2/device: the admin area's device stock. */
export const stockV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/device',
    {
      config: LIST,
      schema: { querystring: stockDeviceQuerySchema, response: { 200: dataSchema(pageSchema(stockDeviceSchema)) } },
    },
    async (req) => data(mapPage(await pageStockDevices(ctx, caller(req), req.query), presentStockDevice)),
  );

  app.get('/device/stats', { config: LIST, schema: { response: { 200: dataSchema(stockStatsSchema) } } }, async (req) =>
    data(await stockStats(caller(req))),
  );

  app.get(
    '/device/:id',
    { config: DETAIL, schema: { params: idParamsSchema, response: { 200: dataSchema(stockDeviceDetailSchema) } } },
    async (req) => data(presentStockDeviceDetail(await getStockDevice(caller(req), req.params.id))),
  );

  app.post('/device', { config: LIST, schema: { body: stockDeviceCreateSchema, response: one } }, async (req) =>
    data(presentStockDevice(await createStockDevice(ctx, caller(req), req.body))),
  );

  app.put(
    '/device/:id',
    {
      config: { permissions: ['VIEW_DEVICES', 'VIEW_DEVICE_DETAILS'] },
      schema: {
        params: idParamsSchema,
        body: stockDeviceUpdateSchema,
        response: { 200: dataSchema(stockDeviceDetailSchema) },
      },
    },
    async (req) => data(presentStockDeviceDetail(await updateStockDevice(ctx, caller(req), req.params.id, req.body))),
  );

  for (const [action, disabled] of [
    ['activate', false],
    ['deactivate', true],
  ] as const) {
    app.post(
      `/device/:id/${action}`,
      { config: LIST, schema: { params: idParamsSchema, response: one } },
      async (req) => data(presentStockDevice(await setStockDeviceDisabled(ctx, caller(req), req.params.id, disabled))),
    );
  }

  app.delete('/device/:id', { config: LIST, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteStockDevice(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/device/:id/tenant',
    { config: LIST, schema: { params: idParamsSchema, body: stockTenantBodySchema, response: one } },
    async (req) => data(presentStockDevice(await assignToTenant(ctx, caller(req), req.params.id, req.body.tenantId))),
  );

  app.post(
    '/device/:id/group',
    { config: LIST, schema: { params: idParamsSchema, body: stockGroupBodySchema, response: one } },
    async (req) => data(presentStockDevice(await assignToGroup(ctx, caller(req), req.params.id, req.body.groupId))),
  );

  app.post('/device/:id/unassign', { config: LIST, schema: { params: idParamsSchema, response: one } }, async (req) =>
    data(presentStockDevice(await unassign(ctx, caller(req), req.params.id))),
  );

  app.post(
    '/device/:id/remove-user',
    { config: LIST, schema: { params: idParamsSchema, response: one } },
    async (req) => data(presentStockDevice(await removeUser(ctx, caller(req), req.params.id))),
  );

  app.post(
    '/device/user/move',
    { config: LIST, schema: { body: stockUserMoveSchema, response: { 200: dataSchema(stockBulkResultSchema) } } },
    async (req) => data({ updated: await moveToUser(ctx, caller(req), req.body) }),
  );

  app.put(
    '/device/expiry',
    { config: LIST, schema: { body: stockExpirySchema, response: { 200: dataSchema(stockBulkResultSchema) } } },
    async (req) => data({ updated: await setExpiry(ctx, caller(req), req.body) }),
  );

  const importRoute = {
    config: LIST,
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { body: stockImportBodySchema, response: { 200: dataSchema(stockImportReportSchema) } },
  };
  app.post('/device/import/preview', importRoute, async (req) =>
    data(await previewImport(ctx, caller(req), req.body.csv)),
  );
  app.post('/device/import', importRoute, async (req) => data(await importDevices(ctx, caller(req), req.body.csv)));
};
