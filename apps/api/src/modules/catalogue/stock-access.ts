import type { Permission } from '@waymark/contracts/permissions';
import type { AppContext } from '../../context';
import { forbidden } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { checkNotReadonly } from '../shared/readonly';

/**
 * Writes to the stock need ADMIN_ACCOUNT and the page's flag together (a route's flags let any one through, so
 * the service asks for the second). The routes declare ADMIN_ACCOUNT; this adds the page's flag.
 */
export async function checkStockWrite(ctx: AppContext, auth: AuthContext, flag: Permission): Promise<void> {
  if (!auth.permissions.includes('ADMIN_ACCOUNT') || !auth.permissions.includes(flag)) throw forbidden();
  await checkNotReadonly(ctx, auth);
}

/**
 * Platform catalogues (manufacturers, models, vendors) have no tenant: tenant admins read them for their forms,
 * only platform staff change them.
 */
export async function checkCatalogueWrite(ctx: AppContext, auth: AuthContext, flag: Permission): Promise<void> {
  if (!auth.scope.platform) throw forbidden('Only platform staff change the platform catalogues');
  await checkStockWrite(ctx, auth, flag);
}
