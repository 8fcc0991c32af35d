import type { SimulatedDevice } from './simulation';

export interface RegisterOptions {
  /** Base URL of the API, e.g. http://localhost:8082 */
  api: string;
  email: string;
  password: string;
  devices: readonly SimulatedDevice[];
}

export interface RegisterResult {
  created: number;
  existing: number;
}

/**
 * Signs in to the API (POST /api/session) and creates the devices it cannot see yet (POST /api/devices with
 * name, uniqueId, category). A device that exists elsewhere (409) counts as existing.
 */
export async function registerDevices(options: RegisterOptions): Promise<RegisterResult> {
  const base = options.api.replace(/\/+$/, '');
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in to ${base} failed: HTTP ${signIn.status} ${await text(signIn)}`);
  const token = ((await signIn.json()) as { accessToken?: string }).accessToken;
  if (!token) throw new Error('sign-in needs a second factor: use an account without one');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const known = new Set<string>();
  for (let i = 0; i < options.devices.length; i += 50) {
    const query = new URLSearchParams(
      options.devices.slice(i, i + 50).map((d): [string, string] => ['uniqueId', d.uniqueId]),
    );
    const res = await fetch(`${base}/api/devices?${query}`, { headers });
    if (res.status !== 200) throw new Error(`listing devices failed: HTTP ${res.status} ${await text(res)}`);
    for (const device of (await res.json()) as { uniqueId: string }[]) known.add(device.uniqueId);
  }

  const result: RegisterResult = { created: 0, existing: known.size };
  for (const device of options.devices) {
    if (known.has(device.uniqueId)) continue;
    const res = await fetch(`${base}/api/devices`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: device.name ?? device.uniqueId,
        uniqueId: device.uniqueId,
        category: device.category ?? null,
      }),
    });
    if (res.status === 200) result.created += 1;
    else if (res.status === 409) result.existing += 1;
    else throw new Error(`creating device ${device.uniqueId} failed: HTTP ${res.status} ${await text(res)}`);
  }
  return result;
}

async function text(res: Response): Promise<string> {
  return (await res.text()).slice(0, 200);
}
