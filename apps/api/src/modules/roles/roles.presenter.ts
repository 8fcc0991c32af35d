import { permissionGroups } from '@waymark/contracts/permissions';
import type { RoleDto } from '@waymark/contracts/role';
import type { Role } from '@waymark/db/client';

const submoduleOf = new Map<string, string>(
  Object.entries(permissionGroups).flatMap(([submodule, flags]) => flags.map((f) => [f, submodule] as const)),
);

export function presentRole(role: Role): RoleDto {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    tenantId: role.tenantId,
    system: role.system,
    permissions: role.permissions
      .filter((p) => submoduleOf.has(p))
      .map((authority) => ({ submodule: submoduleOf.get(authority) as string, authority: authority as never })),
    createdAt: role.createdAt.toISOString(),
  };
}
