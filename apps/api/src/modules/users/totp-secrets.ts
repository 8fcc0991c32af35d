import type { Db } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { SecretBox } from '../../security/secret-box';

/** TOTP secrets are sealed for their owner: a sealed value copied to another user's row does not open. */
const context = (userId: number) => `totp:${userId}`;

export function sealTotp(ctx: Pick<AppContext, 'secrets'>, userId: number, secret: string): string {
  return ctx.secrets.seal(secret, context(userId));
}

/** The secret of a stored TOTP key: sealed ones are opened, ones stored before sealing read as they are. */
export function openTotp(ctx: Pick<AppContext, 'secrets'>, userId: number, stored: string): string {
  return ctx.secrets.open(stored, context(userId));
}

/**
 * Seals the TOTP secrets stored in plain text before they were encrypted (run at start; a user whose row is
 * read first is served by openTotp all the same). Returns how many rows it sealed.
 */
export async function sealPlainTotpSecrets(db: Db, secrets: SecretBox): Promise<number> {
  const plain = await db.user.findMany({
    where: {
      OR: [
        { totpKey: { not: null }, NOT: { totpKey: { startsWith: 'v1.' } } },
        { totpPendingKey: { not: null }, NOT: { totpPendingKey: { startsWith: 'v1.' } } },
      ],
    },
    select: { id: true, totpKey: true, totpPendingKey: true },
  });
  const seal = (id: number, value: string | null) =>
    value === null || SecretBox.isSealed(value) ? value : secrets.seal(value, context(id));
  for (const user of plain) {
    // conditional on the values read: a change made meanwhile is left for the next start
    await db.user.updateMany({
      where: { id: user.id, totpKey: user.totpKey, totpPendingKey: user.totpPendingKey },
      data: { totpKey: seal(user.id, user.totpKey), totpPendingKey: seal(user.id, user.totpPendingKey) },
    });
  }
  return plain.length;
}
