import { generate } from 'otplib';

const PERIOD_MS = 30_000;

/**
 * A TOTP code for `secret` that differs from `previous`: servers refuse a code used once already, so when the
 * current 30-second step still yields the previous code, wait for the next step.
 */
export async function freshTotp(secret: string, previous?: string): Promise<string> {
  let code = await generate({ secret });
  while (code === previous) {
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 250));
    code = await generate({ secret });
  }
  return code;
}
