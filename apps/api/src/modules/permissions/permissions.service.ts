import type { PermissionLink } from '@waymark/contracts/permission';
import type { AppContext } from '../../context';
import { signalChange } from '../../lib/changes';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';
import type { Link } from './permission-links.service';
import { checkLink, resolveLink, writeLink } from './permission-links.service';

/** Links (`add`) or unlinks objects: checks every link first, then writes them all in one transaction. */
export async function applyLinks(
  ctx: AppContext,
  auth: AuthContext,
  bodies: PermissionLink[],
  add: boolean,
): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const links: Link[] = bodies.map(resolveLink);
  for (const link of links) await checkLink(auth, link);
  await ctx.db.$transaction(async (tx) => {
    for (const link of links) await writeLink(tx, link, add);
  });
  // links decide which devices and users a notification rule reaches
  signalChange('notificationRules');
  await audit(ctx, {
    action: add ? 'permission.linked' : 'permission.unlinked',
    userId: auth.user.id,
    tenantId: auth.user.tenantId,
    objectType: 'permission',
    details: { links },
  });
}
