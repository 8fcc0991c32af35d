import { idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import { maintenanceInputSchema, maintenanceSchema, reminderInputSchema } from '@waymark/contracts/maintenance';
import type { Permission } from '@waymark/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentMaintenance } from './maintenance.presenter';
import {
  createMaintenance,
  createReminder,
  deleteMaintenance,
  deleteReminder,
  getMaintenance,
  getReminder,
  listMaintenance,
  listReminders,
  updateMaintenance,
  updateReminder,
} from './maintenance.service';

const MAINTENANCE: Permission[] = ['VIEW_MAINTENANCES'];
const REMINDERS: Permission[] = ['VIEW_REMIND_MANAGEMENTS'];

/**
 * Traccar's /api/maintenance (services due by distance, engine hours or time) and /api/reminders (the same rows
 * with attributes.isReminder: an item, remarks, emails to tell and an expiry).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/maintenance',
    {
      config: { permissions: MAINTENANCE },
      schema: {
        querystring: listQuerySchema.extend({
          reminders: z.enum(['true', 'false']).optional().describe('false: leave reminders out; true: only them'),
        }),
        response: { 200: z.array(maintenanceSchema) },
      },
    },
    async (req) => {
      const only = req.query.reminders === undefined ? undefined : req.query.reminders === 'true';
      return (await listMaintenance(caller(req), req.query, only)).map(presentMaintenance);
    },
  );
  app.get(
    '/maintenance/:id',
    { config: { permissions: MAINTENANCE }, schema: { params: idParamsSchema, response: { 200: maintenanceSchema } } },
    async (req) => presentMaintenance(await getMaintenance(caller(req), req.params.id)),
  );
  app.post(
    '/maintenance',
    {
      config: { permissions: MAINTENANCE },
      schema: { body: maintenanceInputSchema, response: { 200: maintenanceSchema } },
    },
    async (req) => presentMaintenance(await createMaintenance(ctx, caller(req), req.body)),
  );
  app.put(
    '/maintenance/:id',
    {
      config: { permissions: MAINTENANCE },
      schema: { params: idParamsSchema, body: maintenanceInputSchema.partial(), response: { 200: maintenanceSchema } },
    },
    async (req) => presentMaintenance(await updateMaintenance(ctx, caller(req), req.params.id, req.body)),
  );
  app.delete(
    '/maintenance/:id',
    { config: { permissions: MAINTENANCE }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteMaintenance(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/reminders',
    {
      config: { permissions: REMINDERS },
      schema: { querystring: listQuerySchema, response: { 200: z.array(maintenanceSchema) } },
    },
    async (req) => (await listReminders(caller(req), req.query)).map(presentMaintenance),
  );
  app.get(
    '/reminders/:id',
    { config: { permissions: REMINDERS }, schema: { params: idParamsSchema, response: { 200: maintenanceSchema } } },
    async (req) => presentMaintenance(await getReminder(caller(req), req.params.id)),
  );
  app.post(
    '/reminders',
    { config: { permissions: REMINDERS }, schema: { body: reminderInputSchema, response: { 200: maintenanceSchema } } },
    async (req) => presentMaintenance(await createReminder(ctx, caller(req), req.body)),
  );
  app.put(
    '/reminders/:id',
    {
      config: { permissions: REMINDERS },
      schema: { params: idParamsSchema, body: reminderInputSchema.partial(), response: { 200: maintenanceSchema } },
    },
    async (req) => presentMaintenance(await updateReminder(ctx, caller(req), req.params.id, req.body)),
  );
  app.delete(
    '/reminders/:id',
    { config: { permissions: REMINDERS }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteReminder(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
