import type { GroupDto } from '@waymark/contracts/group';
import type { Group } from '@waymark/db/client';

export function presentGroup(row: Group): GroupDto {
  return {
    id: row.id,
    name: row.name,
    parentGroupId: row.parentGroupId,
    groupId: row.parentGroupId ?? 0,
    userId: row.userId,
    tenantId: row.tenantId,
    active: row.active,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
