import type { Db } from '@waymark/db/client';
import type { Env } from '../env';
import { ensureSystemRoles } from '../modules/roles/system-roles.service';
import { generatePassword, hashPassword } from '../security/password';

/** Rows every installation has: the server settings row and the system roles. */
export async function seed(db: Db): Promise<void> {
  await db.server.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  await ensureSystemRoles(db);
}

export const DEFAULT_ADMIN_EMAIL = 'admin@waymark.local';

/**
 * On first start (no administrator yet) creates the platform administrator, from WAYMARK_ADMIN_EMAIL /
 * WAYMARK_ADMIN_PASSWORD when set, else with a generated password. Returns the credentials to print once.
 */
export async function ensureFirstAdmin(db: Db, env: Env): Promise<{ email: string; password: string } | null> {
  const existing = await db.user.findFirst({ where: { administrator: true }, select: { id: true } });
  if (existing) return null;
  const email = (env.WAYMARK_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = env.WAYMARK_ADMIN_PASSWORD ?? generatePassword();
  await upsertAdmin(db, email, password);
  return { email, password };
}

export async function upsertAdmin(db: Db, email: string, password: string, name = 'Administrator') {
  const passwordHash = await hashPassword(password);
  const normalized = email.trim().toLowerCase();
  return db.user.upsert({
    where: { email: normalized },
    create: { email: normalized, name, passwordHash, administrator: true, tenantId: null },
    update: { passwordHash, administrator: true, disabled: false, active: true },
  });
}
