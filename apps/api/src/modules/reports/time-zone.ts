import { timeZoneSchema } from '@waymark/contracts/common';
import type { AuthContext } from '../../plugins/app/auth-context';

/** The user's time zone: its `timezone` attribute, else the server's, else UTC (Traccar's attribute name). */
export async function userTimeZone(auth: AuthContext): Promise<string> {
  const own = (auth.user.attributes as Record<string, unknown> | null)?.timezone;
  if (timeZoneSchema.safeParse(own).success) return own as string;
  const server = await auth.db.server.findUnique({ where: { id: 1 }, select: { attributes: true } });
  const shared = (server?.attributes as Record<string, unknown> | null)?.timezone;
  return timeZoneSchema.safeParse(shared).success ? (shared as string) : 'UTC';
}
