import { permissionSchema } from '@waymark/contracts/permissions';
import { z } from 'zod';
import { int4, text } from './common';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  system: z.boolean(),
  permissions: z.array(z.object({ submodule: z.string(), authority: permissionSchema })),
  createdAt: z.string(),
});
export type RoleDto = z.infer<typeof roleSchema>;

/** Permissions may come as flags or as {submodule, authority} entries (the admin UI's shape). */
export const roleInputSchema = z.object({
  name: text().trim().min(1).max(64),
  description: text().max(256).nullish(),
  tenantId: int4().nullish(),
  permissions: z
    .array(z.union([permissionSchema, z.object({ authority: permissionSchema, submodule: text().optional() })]))
    .max(200)
    .transform((list) => [...new Set(list.map((p) => (typeof p === 'string' ? p : p.authority)))]),
});
export type RoleInput = z.infer<typeof roleInputSchema>;
