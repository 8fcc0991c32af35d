import { randomUUID } from 'node:crypto';
import { messages } from '@waymark/contracts/errors';
import type { CodeKind } from '@waymark/contracts/session';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { HttpError, notFound } from '../../http-error';
import { signToken, verifyToken } from '../../security/tokens';
import { setSessionCookie } from '../session/cookies';
import { CODE_STEP_EXPIRED, signInWithCode, signInWithIdentity } from './oidc.service';

const STATE_COOKIE = 'waymark_oidc';
/** An OpenID sign-in of an account with a second factor, waiting for its code (a signed, 10-minute token). */
const CODE_COOKIE = 'waymark_oidc_code';
const CODE_STEP = 'second-factor';

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000);

/** The page asking for the account's code; it posts back to itself (the relative form action). */
function codePage(kind: CodeKind, error?: string): string {
  const prompt =
    kind === 'totp' ? 'Enter the code from your authenticator app.' : 'Enter the code we have just emailed you.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in code</title></head>
<body><main><h1>Sign-in code</h1>
<p>${prompt}</p>${error ? `\n<p role="alert">${error}</p>` : ''}
<form method="post" action="code"><label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus></label>
<button type="submit">Sign in</button></form></main></body></html>
`;
}

/**
 * OpenID Connect sign-in (authorization code + PKCE) at Traccar's paths. The callback signs the user in
 * (creating the account when registration allows), sets the session cookie and sends the browser to
 * /login?oidc=1, where the web app exchanges the cookie for an access token. An account with a second factor
 * first gives its code on /session/openid/code (unless OIDC_TRUST_MFA).
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  let config: Promise<client.Configuration> | undefined;
  const configuration = () => {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = ctx.env;
    if (!OIDC_ISSUER || !OIDC_CLIENT_ID) throw notFound('OpenID Connect is not configured');
    config ??= client
      .discovery(
        new URL(OIDC_ISSUER),
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        undefined,
        OIDC_ISSUER.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        // not cached: the next attempt discovers again
        config = undefined;
        ctx.log.warn({ err: (err as Error).message, issuer: OIDC_ISSUER }, 'openid discovery failed');
        throw new HttpError(502, 'The identity provider cannot be reached, try again later');
      });
    return config;
  };
  // Everything the browser sees lives under the public URL, which may carry a path (behind a proxy).
  const redirectUri = () => new URL(`${publicUrl(ctx.env)}/api/session/openid/callback`);
  const stateCookie = () => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: redirectUri().protocol === 'https:',
    path: redirectUri().pathname.replace(/\/callback$/, ''),
  });

  app.get('/session/openid/auth', { config: { auth: 'public' } }, async (_req, reply) => {
    const cfg = await configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    // the ID token must carry it back: a token obtained for another attempt (or replayed) is refused
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri().href,
      scope: ctx.env.OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const cookie = await signToken(ctx.jwtKey, 'oidc-state', '0', randomUUID(), inTenMinutes(), {
      verifier,
      state,
      nonce,
    });
    reply.setCookie(STATE_COOKIE, cookie, { ...stateCookie(), maxAge: 600 });
    return reply.redirect(url.href);
  });

  app.get('/session/openid/callback', { config: { auth: 'public' } }, async (req, reply) => {
    const cfg = await configuration();
    const saved = await verifyToken(ctx.jwtKey, req.cookies[STATE_COOKIE] ?? '', 'oidc-state');
    if (!saved) throw new HttpError(400, 'The sign-in attempt has expired, start again');
    reply.clearCookie(STATE_COOKIE, stateCookie());
    // The URL the provider redirected to: the registered redirect URI (openid-client sends it again as
    // redirect_uri, which must match exactly) with the response parameters of this request.
    const current = redirectUri();
    current.search = new URL(req.url, current).search;
    let claims: client.IDToken;
    let accessToken: string;
    try {
      const tokens = await client.authorizationCodeGrant(cfg, current, {
        pkceCodeVerifier: String(saved.extra.verifier),
        expectedState: String(saved.extra.state),
        // a state cookie made before the nonce was sent has none: such an attempt is refused, not let through
        expectedNonce: String(saved.extra.nonce ?? client.randomNonce()),
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider sent no ID token');
      claims = idToken;
      accessToken = tokens.access_token;
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'openid sign-in failed');
      throw new HttpError(401, 'OpenID sign-in failed');
    }
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    let verified = claims.email_verified;
    if (!email) {
      const info = await client.fetchUserInfo(cfg, accessToken, claims.sub);
      email = info.email;
      name ??= info.name;
      verified = info.email_verified;
    }
    const outcome = await signInWithIdentity(
      ctx,
      { issuer: claims.iss, subject: claims.sub, email, name, verified },
      { ip: req.ip, userAgent: req.headers['user-agent'] },
    );
    if ('secondFactor' in outcome) {
      // the account's code is asked on the next page; until then only this short-lived cookie says who signed in
      const { userId, kind } = outcome.secondFactor;
      const pending = await signToken(ctx.jwtKey, 'oidc-state', String(userId), randomUUID(), inTenMinutes(), {
        step: CODE_STEP,
        kind,
      });
      reply.setCookie(CODE_COOKIE, pending, { ...stateCookie(), maxAge: 600 });
      return reply.redirect(`${redirectUri().href.replace(/\/callback$/, '')}/code`);
    }
    setSessionCookie(ctx, reply, outcome.session.refreshToken);
    return reply.redirect(`${publicUrl(ctx.env)}/login?oidc=1`);
  });

  /** The sign-in waiting for its second factor, from its cookie. */
  const pendingSignIn = async (req: FastifyRequest) => {
    const token = await verifyToken(ctx.jwtKey, req.cookies[CODE_COOKIE] ?? '', 'oidc-state');
    const kind = token?.extra.kind;
    if (!token || token.extra.step !== CODE_STEP || (kind !== 'totp' && kind !== 'email') || token.userId <= 0)
      throw new HttpError(400, CODE_STEP_EXPIRED);
    return { userId: token.userId, kind: kind as CodeKind };
  };

  app.get('/session/openid/code', { config: { auth: 'public' } }, async (req, reply) => {
    const pending = await pendingSignIn(req);
    return reply.type('text/html; charset=utf-8').send(codePage(pending.kind));
  });

  app.post(
    '/session/openid/code',
    { config: { auth: 'public' }, schema: { body: z.object({ code: z.string().trim().max(16) }) } },
    async (req, reply) => {
      const pending = await pendingSignIn(req);
      const session = await signInWithCode(ctx, pending, req.body.code, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      if (!session) {
        return reply.status(401).type('text/html; charset=utf-8').send(codePage(pending.kind, messages.invalidCode));
      }
      reply.clearCookie(CODE_COOKIE, stateCookie());
      setSessionCookie(ctx, reply, session.refreshToken);
      return reply.redirect(`${publicUrl(ctx.env)}/login?oidc=1`);
    },
  );
};
