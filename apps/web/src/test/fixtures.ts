import type { Server } from '@waymark/contracts/session';
import type { User } from '@waymark/contracts/user';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    phone: null,
    tenantId: null,
    roleId: null,
    administrator: false,
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    disabled: false,
    active: true,
    temporary: false,
    expirationTime: null,
    deviceLimit: -1,
    userLimit: 0,
    totpEnabled: false,
    emailOtp: false,
    map: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    coordinateFormat: null,
    poiLayer: null,
    attributes: {},
    permissions: [],
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function aServer(overrides: Partial<Server> = {}): Server {
  return {
    id: 1,
    registration: false,
    readonly: false,
    deviceReadonly: false,
    retentionDays: null,
    limitCommands: false,
    disableReports: false,
    forceSettings: false,
    fixedEmail: false,
    disableShare: false,
    emailOtp: false,
    registerUnknown: false,
    map: null,
    mapUrl: null,
    bingKey: null,
    poiLayer: null,
    announcement: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    coordinateFormat: null,
    twelveHourFormat: false,
    overlayUrl: null,
    attributes: {},
    openIdEnabled: false,
    openIdForce: false,
    emailEnabled: false,
    textEnabled: false,
    geocoderEnabled: false,
    version: '0.1.0',
    ...overrides,
  };
}

export const tokens = {
  accessToken: 'access-1',
  accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
  refreshToken: 'refresh-1',
};

export function acceptCookies(): void {
  localStorage.setItem('cookie_consent', JSON.stringify({ necessary: true }));
}
