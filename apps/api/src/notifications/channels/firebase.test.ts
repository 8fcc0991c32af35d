import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureServer } from '../testing/capture-server';
import { startCaptureServer } from '../testing/capture-server';
import { envContext, sampleDelivery } from '../testing/delivery';
import { firebaseChannel } from './firebase';

let google: CaptureServer;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let account: string;
beforeAll(async () => {
  google = await startCaptureServer();
  keys = await generateKeyPair('RS256', { extractable: true });
  account = JSON.stringify({
    project_id: 'waymark-test',
    client_email: 'fcm@waymark-test.iam.example',
    private_key: await exportPKCS8(keys.privateKey),
    token_uri: `${google.url}/token`,
  });
});
afterAll(() => google.close());

describe('firebase (FCM HTTP v1)', () => {
  it('gets an access token by a signed JWT bearer grant once, then sends one message per device token', async () => {
    const ctx = envContext({ WAYMARK_FIREBASE_SERVICE_ACCOUNT: account, WAYMARK_FIREBASE_URL: google.url });
    google.answers.push({ status: 200, body: '{"access_token":"ya29.test","expires_in":3600}' });
    const d = sampleDelivery({ attributes: { notificationTokens: 'tok-a, tok-b' } });
    await firebaseChannel.send(ctx, d);
    await firebaseChannel.send(ctx, sampleDelivery({ attributes: { notificationTokens: 'tok-c' } }));

    const [grant, ...sends] = google.requests;
    expect(grant).toMatchObject({ method: 'POST', url: '/token' });
    expect(grant?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(grant?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', keys.publicKey, {
      issuer: 'fcm@waymark-test.iam.example',
      audience: `${google.url}/token`,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');

    // the token was cached: three sends, no second grant
    expect(sends.map((r) => `${r.method} ${r.url}`)).toEqual(
      Array(3).fill('POST /v1/projects/waymark-test/messages:send'),
    );
    expect(sends[0]?.headers.authorization).toBe('Bearer ya29.test');
    expect(JSON.parse(sends[0]?.body ?? '')).toEqual({
      message: {
        token: 'tok-a',
        notification: { title: 'Van 1 entered Depot', body: 'Van 1 entered Depot at 2026-11-21 10:00:00 UTC' },
        data: { eventId: '41', type: 'geofenceEnter', deviceId: '3' },
      },
    });
    expect(sends.map((r) => JSON.parse(r.body).message.token)).toEqual(['tok-a', 'tok-b', 'tok-c']);
  });

  it('is offered only with a usable service account', () => {
    expect(firebaseChannel.configured(envContext({}).env)).toBe(false);
    expect(firebaseChannel.configured(envContext({ WAYMARK_FIREBASE_SERVICE_ACCOUNT: '{"x":1}' }).env)).toBe(false);
    expect(firebaseChannel.configured(envContext({ WAYMARK_FIREBASE_SERVICE_ACCOUNT: account }).env)).toBe(true);
  });
});
