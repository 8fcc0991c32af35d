import type { Permission } from '@waymark/contracts/permissions';
import type { AppContext } from '../context';
import { tenantTree } from '../plugins/app/access-scope';
import type { UserWithRole } from '../plugins/app/auth-context';
import { accountProblem, cappedPermissions } from '../plugins/app/auth-context';

export const RULE_COMMAND_REFUSED =
  'Only an account that may send commands (SEND_COMMAND, not read-only, not limited to saved commands) can save a rule with the command channel';

/**
 * Whether this user may have commands sent on their behalf by a rule: they hold SEND_COMMAND, are not read-only,
 * and are not limited to sending saved commands by hand (administrators are never limited).
 */
export function mayCommandThroughRules(user: UserWithRole, permissions: readonly Permission[]): boolean {
  if (user.readonly) return false;
  if (user.limitCommands && !user.administrator) return false;
  return permissions.includes('SEND_COMMAND');
}

/**
 * A rule's command is sent with the authority of the user who last saved it (the rule's authorId): that user must
 * still exist and be able to sign in, still pass mayCommandThroughRules and still see the device's tenant, and the
 * server must not be read-only. Returns why not, or null.
 */
export async function ruleCommandProblem(
  ctx: AppContext,
  authorId: number | null,
  deviceTenantId: number | null,
): Promise<string | null> {
  if (authorId === null) return 'the rule has no known author';
  const author = await ctx.db.user.findUnique({ where: { id: authorId }, include: { role: true } });
  if (!author || accountProblem(author)) return "the rule's author can no longer sign in";
  if (!mayCommandThroughRules(author, await cappedPermissions(ctx.db, author))) {
    return "the rule's author may no longer send commands";
  }
  if (author.tenantId !== null) {
    const tenants = await tenantTree(ctx.db, author.tenantId);
    if (deviceTenantId === null || !tenants.includes(deviceTenantId)) {
      return "the device is outside the rule's author's tenants";
    }
  }
  const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { readonly: true } });
  if (server?.readonly && !author.administrator) return 'the server is read-only';
  return null;
}
