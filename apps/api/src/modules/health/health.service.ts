import type { AppContext } from '../../context';

/** Ready when the database answers; a failing query throws (a 500 to the load balancer). */
export async function checkHealth(ctx: AppContext): Promise<{ status: 'ok'; database: 'ok'; version: string }> {
  await ctx.db.$queryRaw`SELECT 1`;
  return { status: 'ok', database: 'ok', version: ctx.version };
}
