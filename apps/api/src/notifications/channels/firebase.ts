import { importPKCS8, SignJWT } from 'jose';
import type { Env } from '../../env';
import { JSON_HEADERS, post } from './http';
import type { Channel } from './types';
import { attr, DeliveryError } from './types';

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const tokens = new Map<string, { token: string; expiresAt: number }>();

export function serviceAccount(env: Env): ServiceAccount | null {
  if (!env.WAYMARK_FIREBASE_SERVICE_ACCOUNT) return null;
  try {
    const a = JSON.parse(env.WAYMARK_FIREBASE_SERVICE_ACCOUNT) as Partial<ServiceAccount>;
    if (!a.project_id || !a.client_email || !a.private_key) return null;
    return { ...a, token_uri: a.token_uri ?? 'https://oauth2.googleapis.com/token' } as ServiceAccount;
  } catch {
    return null;
  }
}

/** An OAuth2 access token by a JWT bearer grant (RS256 assertion), kept until a minute before it expires. */
async function accessToken(account: ServiceAccount): Promise<string> {
  const key = `${account.client_email} ${account.token_uri}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  let assertion: string;
  try {
    const now = Math.floor(Date.now() / 1000);
    assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(account.private_key, 'RS256'));
  } catch {
    throw new DeliveryError('the firebase service account key is unusable', false);
  }
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
  const res = await post('the firebase token endpoint', account.token_uri, body.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const answer = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
  if (!answer.access_token) throw new DeliveryError('the firebase token endpoint gave no access token');
  tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 });
  return answer.access_token;
}

const deviceTokens = (attributes: Record<string, unknown>) =>
  attr(attributes, 'notificationTokens')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** Firebase Cloud Messaging HTTP v1: one message per token of user.attributes.notificationTokens. */
export const firebaseChannel: Channel = {
  type: 'firebase',
  configured: (env) => serviceAccount(env) !== null,
  reaches: (user) => deviceTokens(user.attributes).length > 0,
  async send(ctx, { user, message, event }) {
    const account = serviceAccount(ctx.env);
    if (!account) throw new DeliveryError('firebase is not configured', false);
    const targets = deviceTokens(user.attributes);
    if (targets.length === 0) throw new DeliveryError('the user has no notificationTokens', false);
    const bearer = await accessToken(account);
    const url = `${ctx.env.WAYMARK_FIREBASE_URL.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
    for (const token of targets) {
      const payload = {
        message: {
          token,
          notification: { title: message.subject, body: message.short },
          data: { eventId: String(event.id), type: event.type, deviceId: String(event.deviceId) },
        },
      };
      await post('firebase', url, JSON.stringify(payload), { ...JSON_HEADERS, authorization: `Bearer ${bearer}` });
    }
  },
};
