import type { Permission } from '@waymark/contracts/permissions';
import { useCurrentUser } from '../../../auth/session-context';
import { useHasPermission } from '../../../permissions/use-has-permission';

/**
 * Whether the signed-in user may change what a page lists: ADMIN_ACCOUNT and the page's flag together, and for
 * the platform catalogues (models, manufacturers, vendors) platform staff only — as the API decides.
 */
export function useCanWrite(flag: Permission, platformOnly: boolean): boolean {
  const user = useCurrentUser();
  const admin = useHasPermission(['ADMIN_ACCOUNT']);
  const page = useHasPermission([flag]);
  return admin && page && (!platformOnly || user.tenantId === null);
}
