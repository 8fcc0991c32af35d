import { isIP } from 'node:net';
import { busDefaults, REDIS_PREFIX_PATTERN } from '@waymark/bus/defaults';
import { type TrackerListener, trackerListeners } from '@waymark/protocols/setup';
import { z } from 'zod';
import { GEOCODER_TYPES } from './geocoding/providers';

const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off', ''] });
const redisPrefix = z
  .string()
  .regex(REDIS_PREFIX_PATTERN, 'expected 1-64 letters, digits, . _ : -')
  .default(busDefaults.keyPrefix);
const optionalText = z
  .string()
  .transform((v) => (v.trim() === '' ? undefined : v))
  .optional();

/** An IP address, or an address with a prefix length (CIDR), as proxy-addr reads them. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The reverse proxies whose X-Forwarded-For is believed: `false` (nobody, the default) or a comma list of their
 * addresses or CIDR ranges. Trusting every hop would let any client choose its own address (rate limits and audit
 * IPs), so `true` is refused.
 */
const trustedProxies = z.string().transform((v, ctx): false | string[] => {
  const value = v.trim().toLowerCase();
  if (['false', '0', 'no', 'off', ''].includes(value)) return false;
  if (['true', '1', 'yes', 'on', '*'].includes(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'list the addresses or CIDR ranges of your reverse proxies (e.g. 10.0.0.5,172.16.0.0/12) instead of trusting every hop',
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${bad.join(', ') || v}` });
    return z.NEVER;
  }
  return entries;
});

/**
 * Further origins whose pages may use the session cookie besides WAYMARK_PUBLIC_URL's (another name the web app
 * is served under): a comma list of scheme://host[:port], kept as URL origins so they compare exactly.
 */
const allowedOrigins = z.string().transform((v, ctx): string[] => {
  const origins: string[] = [];
  for (const entry of v.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!url || !bare || !['http:', 'https:'].includes(url.protocol)) {
      ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${entry}` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** Every environment variable Waymark reads, validated once at start (README: Configuration). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8082),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    /** prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis */
    WAYMARK_REDIS_PREFIX: redisPrefix,
    WAYMARK_DATA_DIR: z.string().min(1).default('.waymark'),
    WAYMARK_PUBLIC_URL: z.url().optional(),
    /** the host name or address trackers report to, when it is not WAYMARK_PUBLIC_URL's (a proxy in front of the web app) */
    WAYMARK_TRACKER_HOST: z
      .string()
      .trim()
      .regex(
        /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/,
        'expected a host name or IPv4 address, without scheme or port',
      )
      .max(253)
      .optional(),
    WAYMARK_ALLOWED_ORIGINS: allowedOrigins.default([]),
    WAYMARK_WEB_DIR: z.string().optional(),
    WAYMARK_JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    /** master key of the secrets kept encrypted (TOTP); default WAYMARK_JWT_SECRET, else a key file in the data dir */
    WAYMARK_SECRETS_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
    WAYMARK_ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
    WAYMARK_SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    WAYMARK_ADMIN_EMAIL: z.email().optional(),
    WAYMARK_ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
    WAYMARK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WAYMARK_TRUST_PROXY: trustedProxies.default(false),
    WAYMARK_DB_POOL: z.coerce.number().int().min(1).max(200).default(10),
    WAYMARK_FILTER_INVALID: bool.default(false),
    WAYMARK_FILTER_ZERO: bool.default(true),
    WAYMARK_FILTER_DUPLICATE: bool.default(true),
    WAYMARK_FILTER_FUTURE: z.coerce.number().int().min(0).default(86_400),
    WAYMARK_FILTER_MAX_SPEED: z.coerce.number().min(0).default(540),
    WAYMARK_STATUS_TIMEOUT: z.coerce.number().int().min(10).default(600),
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    SMTP_FROM: z.string().min(3).default('Waymark <no-reply@waymark.local>'),
    // notification channels (apps/api/src/notifications/channels): a channel is offered when its settings exist
    WAYMARK_SMS_URL: z.url().optional(),
    /** body sent to the SMS gateway, {phone} and {message} replaced (JSON-escaped, or form-encoded) */
    WAYMARK_SMS_TEMPLATE: z.string().default('{"to":"{phone}","message":"{message}"}'),
    WAYMARK_SMS_FORMAT: z.enum(['json', 'form']).default('json'),
    WAYMARK_SMS_AUTHORIZATION: optionalText,
    /** the Firebase service-account JSON (project_id, client_email, private_key, token_uri) */
    WAYMARK_FIREBASE_SERVICE_ACCOUNT: optionalText,
    WAYMARK_FIREBASE_URL: z.url().default('https://fcm.googleapis.com'),
    WAYMARK_TELEGRAM_TOKEN: optionalText,
    WAYMARK_TELEGRAM_URL: z.url().default('https://api.telegram.org'),
    WAYMARK_PUSHOVER_TOKEN: optionalText,
    WAYMARK_PUSHOVER_URL: z.url().default('https://api.pushover.net'),
    WAYMARK_WEBHOOK_URL: z.url().optional(),
    /** webhooks may reach private, loopback, link-local and metadata addresses (off: only public ones) */
    WAYMARK_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
    // online payment of invoices (modules/billing/payment-provider.ts): offered when all three are set
    WAYMARK_PAYMENT_URL: z.url().optional(),
    WAYMARK_PAYMENT_KEY: optionalText,
    WAYMARK_PAYMENT_SECRET: optionalText,
    // the issuer printed on invoice PDFs (modules/billing/billing-issuer.ts); the server's attributes override
    WAYMARK_BILLING_ISSUER_NAME: z.string().trim().min(1).max(200).default('Waymark'),
    /** the issuer's postal address, lines separated by `|` */
    WAYMARK_BILLING_ISSUER_ADDRESS: optionalText,
    WAYMARK_BILLING_ISSUER_TAX_ID: optionalText,
    WAYMARK_BILLING_ISSUER_EMAIL: optionalText,
    /** something outside the process starts it again when it exits (POST /api/server/reboot may stop it) */
    WAYMARK_SUPERVISED: bool.default(false),
    WAYMARK_NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    // reverse geocoding (apps/api/src/geocoding), on demand only; the server's geocoder.* attributes override these
    WAYMARK_GEOCODER_ENABLE: bool.default(false),
    WAYMARK_GEOCODER_TYPE: z.enum(GEOCODER_TYPES).default('nominatim'),
    /** the provider's address (default: the type's public service) */
    WAYMARK_GEOCODER_URL: z.url().optional(),
    WAYMARK_GEOCODER_KEY: optionalText,
    WAYMARK_GEOCODER_LANGUAGE: optionalText,
    /** Traccar's address format codes (%h %r %t %s %c %p %u %d %f) */
    WAYMARK_GEOCODER_FORMAT: optionalText,
    /** named in the User-Agent sent to the provider, so that its operator can reach you */
    WAYMARK_GEOCODER_EMAIL: optionalText,
    /** requests per second to the provider from each API node (OpenStreetMap's Nominatim allows 1) */
    WAYMARK_GEOCODER_RATE: z.coerce.number().positive().max(1000).default(1),
    WAYMARK_GEOCODER_CACHE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_SCOPES: z.string().default('openid email profile'),
    /** password sign-in, HTTP Basic, self-registration, password reset and invitation links are refused (403) */
    OIDC_FORCE: bool.default(false),
    OIDC_REGISTRATION: bool.default(true),
    /** the provider enforces a second factor itself: accounts with TOTP or email codes may sign in through it */
    OIDC_TRUST_MFA: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
    }
  });

/**
 * The configuration: the variables above, and the tracker listeners the ingest opens under the same environment
 * (WAYMARK_PROTOCOLS, WAYMARK_PORT_<PROTOCOL>; the ingest validates them), which onboarding tells users about.
 */
export type Env = z.infer<typeof envSchema> & { trackerListeners: readonly TrackerListener[] };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // an empty variable counts as unset (shells and compose files pass empty strings)
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const result = envSchema.safeParse(present);
  if (result.success) return { ...result.data, trackerListeners: trackerListeners(present) };
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export function publicUrl(env: Env): string {
  return (env.WAYMARK_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The origins whose pages may use the session cookie whatever Host reached us: the public URL's and the listed ones. */
export function allowedOriginsOf(env: Env): Set<string> {
  return new Set([new URL(publicUrl(env)).origin, ...env.WAYMARK_ALLOWED_ORIGINS]);
}
