import { hasAnyPermission, type Permission } from '@waymark/contracts/permissions';
import { usePermissions } from './permissions-context';

/** True when the user holds any one of `flags`; an empty or missing list means allowed. */
export function useHasPermission(flags?: readonly Permission[]): boolean {
  return hasAnyPermission(usePermissions(), flags);
}
