import { generate } from 'otplib';

const PERIOD_S = 30;

/**
 * A TOTP code for `secret` that differs from `previous`: servers refuse a code used once already. When the
 * current 30-second step still yields the previous code, the next step's code is used: the server accepts a
 * code up to 30 s ahead of its clock (drift allowed), so the test need not wait up to 30 s for the step to turn.
 * Only if that code also equals `previous` (one chance in a million) does it wait for the step after.
 */
export async function freshTotp(secret: string, previous?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const current = await generate({ secret, epoch: now });
  if (current !== previous) return current;
  const next = await generate({ secret, epoch: now + PERIOD_S });
  if (next !== previous) return next;
  const wait = (PERIOD_S - (now % PERIOD_S)) * 1000 + 250;
  await new Promise((resolve) => setTimeout(resolve, wait));
  return freshTotp(secret, previous);
}
