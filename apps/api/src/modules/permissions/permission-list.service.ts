import type { LinkKey, PermissionLink } from '@waymark/contracts/permission';
import { LINK_KEYS } from '@waymark/contracts/permission';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import type { Link, LinkKind } from './permission-links.service';
import { checkLink, resolveLink, tableOf, visibleIds } from './permission-links.service';

/** How many links one GET /api/permissions answers at most. */
const LIST_MAX = 10_000;

const KEY_OF = (kind: LinkKind): LinkKey => `${kind}Id` as LinkKey;

/**
 * GET /api/permissions: the links between two kinds of object, Traccar's way — exactly two `*Id` parameters, `0`
 * on a side for "any" (at least one side named). Needs what managing such a link needs (checkLink: the kind's
 * flag, the named objects visible: 404 otherwise); lists only links whose both ends the caller sees, by owner id
 * then object id, as Permission bodies `{userId, deviceId}`.
 */
export async function listLinks(
  ctx: AppContext,
  auth: AuthContext,
  query: Partial<Record<LinkKey, number>>,
): Promise<Partial<Record<LinkKey, number>>[]> {
  const keys = LINK_KEYS.filter((k) => query[k] !== undefined);
  if (keys.length !== 2) throw badRequest(`Give exactly two of ${LINK_KEYS.join(', ')}`);
  if (keys.every((k) => query[k] === 0)) throw badRequest('Name one side of the links (0 is any)');
  // resolveLink reads which keys are present; 0 stands for "any" on its side
  const link: Link = resolveLink(Object.fromEntries(keys.map((k) => [k, query[k] || 1])) as PermissionLink);
  link.ownerId = query[KEY_OF(link.owner)] ?? 0;
  link.objectId = query[KEY_OF(link.kind)] ?? 0;
  await checkLink(auth, link);
  const { table, row } = tableOf(ctx.db, link);
  const objectColumn = 'objectId' in row ? 'objectId' : `${link.kind}Id`;
  const where = Object.fromEntries(
    Object.entries({ ...row, [`${link.owner}Id`]: link.ownerId, [objectColumn]: link.objectId }).filter(
      ([, v]) => v !== 0,
    ),
  );
  const rows = await table.findMany({ where, take: LIST_MAX });
  const pairs = rows.map((r) => ({ owner: Number(r[`${link.owner}Id`]), object: Number(r[objectColumn]) }));
  const [owners, objects] = await Promise.all([
    visibleIds(auth, link.owner, [...new Set(pairs.map((p) => p.owner))]),
    visibleIds(auth, link.kind, [...new Set(pairs.map((p) => p.object))]),
  ]);
  return pairs
    .filter((p) => owners.has(p.owner) && objects.has(p.object))
    .sort((a, b) => a.owner - b.owner || a.object - b.object)
    .map((p) => ({ [KEY_OF(link.owner)]: p.owner, [KEY_OF(link.kind)]: p.object }));
}
