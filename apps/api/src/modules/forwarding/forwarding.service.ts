import type { ForwardingInput, ForwardingStatus } from '@waymark/contracts/forwarding';
import type { Forwarding } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { targetAddressProblem } from '../../forwarding/address-check';
import { forwardingTargets } from '../../forwarding/enqueue';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { checkNotReadonly } from '../shared/readonly';

export const SERVER_WIDE_ONLY = 'Only platform administrators manage server-wide forwarding';

/**
 * Forwarding targets. A tenant's administrators see and manage their tenants' targets (the scoped client keeps
 * every other tenant's, and the server-wide ones, out of reach: 404); server-wide targets are for platform
 * administrators. Each change is seen by this node's pipeline and worker at once, by the others within seconds.
 */

/** The caller's targets, by id. */
export function listForwarding(auth: AuthContext): Promise<Forwarding[]> {
  return auth.db.forwarding.findMany({ orderBy: { id: 'asc' } });
}

export async function getForwarding(auth: AuthContext, id: number): Promise<Forwarding> {
  const row = found(await auth.db.forwarding.findUnique({ where: { id } }));
  // platform staff without ADMIN_ACCOUNT (tenant flags only) reach tenants' targets, not the server's
  if (row.tenantId === null && !serverWideAllowed(auth)) throw forbidden(SERVER_WIDE_ONLY);
  return row;
}

const serverWideAllowed = (auth: AuthContext) => auth.scope.platform && auth.permissions.includes('ADMIN_ACCOUNT');

/** The tenant a target is for: as given, else the caller's (platform staff: server-wide); checked against the caller. */
async function tenantOf(auth: AuthContext, input: ForwardingInput): Promise<number | null> {
  const tenantId =
    input.tenantId === undefined ? (auth.scope.platform ? null : (auth.scope.tenantIds[0] ?? null)) : input.tenantId;
  if (tenantId === null) {
    if (!serverWideAllowed(auth)) throw forbidden(SERVER_WIDE_ONLY);
    return null;
  }
  // the scoped client sees only the caller's tenants: another one is as unknown as a missing one
  if (!(await auth.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } }))) {
    throw badRequest('Unknown tenant');
  }
  return tenantId;
}

async function checkAddress(ctx: AppContext, input: ForwardingInput, tenantId: number | null) {
  const restricted = tenantId !== null && !ctx.env.WAYMARK_WEBHOOK_ALLOW_PRIVATE;
  const problem = await targetAddressProblem(input.type, input.url, restricted);
  if (problem) throw badRequest(problem);
}

function fields(input: ForwardingInput, tenantId: number | null) {
  return {
    tenantId,
    name: input.name,
    type: input.type,
    url: input.url,
    topic: input.topic,
    exchange: input.exchange,
    headers: input.type === 'webhook' ? input.headers : {},
    positions: input.positions,
    events: input.events,
    enabled: input.enabled,
    queueLimit: input.queueLimit,
  };
}

export async function createForwarding(
  ctx: AppContext,
  auth: AuthContext,
  input: ForwardingInput,
): Promise<Forwarding> {
  await checkNotReadonly(ctx, auth);
  const tenantId = await tenantOf(auth, input);
  await checkAddress(ctx, input, tenantId);
  const row = await auth.db.forwarding.create({ data: fields(input, tenantId) });
  forwardingTargets.forget();
  await audit(ctx, {
    action: 'forwarding.created',
    userId: auth.user.id,
    tenantId,
    objectType: 'forwarding',
    objectId: row.id,
  });
  return row;
}

/** A changed target starts afresh: its failures and back-off are forgotten, what waits in its outbox is kept. */
export async function updateForwarding(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: ForwardingInput,
): Promise<Forwarding> {
  await checkNotReadonly(ctx, auth);
  const current = await getForwarding(auth, id);
  const tenantId = input.tenantId === undefined ? current.tenantId : await tenantOf(auth, input);
  await checkAddress(ctx, input, tenantId);
  const row = await auth.db.forwarding.update({
    where: { id },
    data: { ...fields(input, tenantId), failures: 0, nextAttemptAt: null },
  });
  forwardingTargets.forget();
  await audit(ctx, {
    action: 'forwarding.updated',
    userId: auth.user.id,
    tenantId,
    objectType: 'forwarding',
    objectId: id,
  });
  return row;
}

/** Deletes the target and everything waiting in its outbox. */
export async function deleteForwarding(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const current = await getForwarding(auth, id);
  await auth.db.forwarding.delete({ where: { id } });
  // the outbox has no tenant of its own: the target's deletion above is the access check
  await ctx.db.forwardingOutbox.deleteMany({ where: { forwardingId: id } });
  forwardingTargets.forget();
  await audit(ctx, {
    action: 'forwarding.deleted',
    userId: auth.user.id,
    tenantId: current.tenantId,
    objectType: 'forwarding',
    objectId: id,
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function forwardingStatus(ctx: AppContext, auth: AuthContext, id: number): Promise<ForwardingStatus> {
  const row = await getForwarding(auth, id);
  const outbox = await ctx.db.forwardingOutbox.aggregate({
    where: { forwardingId: id },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return {
    id: row.id,
    enabled: row.enabled,
    pending: outbox._count._all,
    oldestPendingAt: iso(outbox._min.createdAt),
    delivered: Number(row.delivered),
    dropped: Number(row.dropped),
    failures: row.failures,
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    lastDeliveredAt: iso(row.lastDeliveredAt),
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}
