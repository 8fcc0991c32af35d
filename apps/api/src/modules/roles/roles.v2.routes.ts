import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import { permissionCatalogue, permissionCatalogueSchema } from '@waymark/contracts/permissions';
import { roleInputSchema, roleSchema } from '@waymark/contracts/role';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { presentRole } from './roles.presenter';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

/** /api/v2/role: roles and the permission catalogue for the admin area. */
export const rolesV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/role',
    {
      // the role picker of the user forms asks with ?assignable=true: user managers may read it without VIEW_ROLES
      config: { permissions: ['VIEW_ROLES', 'VIEW_USERS', 'ADMIN_ACCOUNT'] },
      schema: {
        querystring: z.object({ assignable: z.enum(['true', 'false']).optional() }),
        response: { 200: dataSchema(z.array(roleSchema)) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const assignable = req.query.assignable === 'true';
      // the full list (with every role's flags) stays for VIEW_ROLES; user managers see what they may assign
      if (!assignable && !auth.permissions.includes('VIEW_ROLES'))
        throw forbidden('Viewing every role needs the VIEW_ROLES permission');
      return data((await listRoles(auth, { assignable })).map(presentRole));
    },
  );

  app.get(
    '/role/permissions',
    {
      config: { permissions: ['VIEW_ROLES', 'CREATE_ROLE', 'EDIT_ROLE'] },
      schema: { response: { 200: dataSchema(permissionCatalogueSchema) } },
    },
    async () => data(permissionCatalogue()),
  );

  // The current user's roles (any signed-in user).
  app.get('/role/user', { schema: { response: { 200: dataSchema(z.array(roleSchema)) } } }, async (req) => {
    const { user } = caller(req);
    return data(user.role ? [presentRole(user.role)] : []);
  });

  app.get(
    '/role/:id',
    {
      config: { permissions: ['VIEW_ROLES'] },
      schema: { params: idParamsSchema, response: { 200: dataSchema(roleSchema) } },
    },
    async (req) => data(presentRole(await getRole(caller(req), req.params.id))),
  );

  app.post(
    '/role',
    {
      config: { permissions: ['CREATE_ROLE'] },
      schema: { body: roleInputSchema, response: { 200: dataSchema(roleSchema) } },
    },
    async (req) => data(presentRole(await createRole(ctx, caller(req), req.body))),
  );

  app.put(
    '/role/:id',
    {
      config: { permissions: ['EDIT_ROLE'] },
      schema: { params: idParamsSchema, body: roleInputSchema, response: { 200: dataSchema(roleSchema) } },
    },
    async (req) => data(presentRole(await updateRole(ctx, caller(req), req.params.id, req.body))),
  );

  app.delete(
    '/role/:id',
    { config: { permissions: ['EDIT_ROLE'] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteRole(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
