import type { Onboarding } from '@waymark/contracts/onboarding';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';

/** The most catalogue models the picker lists (the catalogue is the platform's, a few dozen in practice). */
const MODEL_LIMIT = 1000;

/**
 * The host trackers report to. A deployment behind a proxy may serve the web app on one name and take trackers on
 * another (WAYMARK_TRACKER_HOST); otherwise trackers reach the host users reach.
 */
export function trackerHost(env: AppContext['env']): string | null {
  if (env.WAYMARK_TRACKER_HOST) return env.WAYMARK_TRACKER_HOST;
  return env.WAYMARK_PUBLIC_URL ? new URL(env.WAYMARK_PUBLIC_URL).hostname : null;
}

/**
 * The first-run path's settings: the tracker host, the listeners of the configured protocols, and the platform's
 * device models that speak one of them. The catalogue is platform-wide (no tenant rows), read here without the
 * VIEW_MODELS flag its admin page needs, since a user adding a first device needs its models.
 */
export async function onboarding(ctx: AppContext, auth: AuthContext): Promise<Onboarding> {
  const listeners = ctx.env.trackerListeners.map((l) => ({ ...l, transports: [...l.transports] }));
  const served = listeners.map((l) => l.protocol);
  const rows = await auth.db.deviceModel.findMany({
    where: { protocol: { in: served } },
    include: { manufacturer: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: MODEL_LIMIT,
  });
  return {
    trackerHost: trackerHost(ctx.env),
    listeners,
    models: rows.map((m) => ({
      name: m.name,
      manufacturerName: m.manufacturer?.name ?? null,
      protocol: m.protocol ?? '',
    })),
  };
}
