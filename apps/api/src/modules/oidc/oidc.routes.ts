import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { HttpError, notFound } from '../../http-error';
import { signToken, verifyToken } from '../../security/tokens';
import { setSessionCookie } from '../session/cookies';
import { signInWithIdentity } from './oidc.service';

const STATE_COOKIE = 'waymark_oidc';

/**
 * OpenID Connect sign-in (authorization code + PKCE) at Traccar's paths. The callback signs the user in
 * (creating the account when OIDC_REGISTRATION allows), sets the session cookie and sends the browser to
 * /login?oidc=1, where the web app exchanges the cookie for an access token.
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
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri().href,
      scope: ctx.env.OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const cookie = await signToken(ctx.jwtKey, 'oidc-state', '0', randomUUID(), new Date(Date.now() + 10 * 60_000), {
      verifier,
      state,
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
    let claims: client.IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await client.authorizationCodeGrant(cfg, current, {
        pkceCodeVerifier: String(saved.extra.verifier),
        expectedState: String(saved.extra.state),
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'openid sign-in failed');
      throw new HttpError(401, 'OpenID sign-in failed');
    }
    let email = typeof claims?.email === 'string' ? claims.email : undefined;
    let name = typeof claims?.name === 'string' ? claims.name : undefined;
    let verified = claims?.email_verified;
    if (!email && claims) {
      const info = await client.fetchUserInfo(cfg, accessToken, claims.sub);
      email = info.email;
      name ??= info.name;
      verified = info.email_verified;
    }
    const session = await signInWithIdentity(
      ctx,
      { email, name, verified },
      { ip: req.ip, userAgent: req.headers['user-agent'] },
    );
    setSessionCookie(ctx, reply, session.refreshToken);
    return reply.redirect(`${publicUrl(ctx.env)}/login?oidc=1`);
  });
};
