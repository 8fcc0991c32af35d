import { describe, expect, it } from 'vitest';
import { protocolCatalogue } from './catalogue';
import {
  type DeviceSetup,
  deviceSetup,
  deviceSetups,
  identifierProblem,
  setupForProtocol,
  setupSms,
  trackerListeners,
} from './setup';

const setup = (key: string) => deviceSetup(key) as DeviceSetup;

describe('deviceSetups', () => {
  it('gives every make a distinct key and a protocol the ingest serves', () => {
    expect(new Set(deviceSetups.map((s) => s.key)).size).toBe(deviceSetups.length);
    for (const s of deviceSetups) expect(Object.keys(protocolCatalogue)).toContain(s.protocol);
    expect(deviceSetup('nosuchmake')).toBeUndefined();
  });

  it('finds the make of an admin catalogue model by its protocol', () => {
    expect(setupForProtocol('gt06')?.key).toBe('concox');
    expect(setupForProtocol('osmand')?.key).toBe('traccarClient');
    expect(setupForProtocol('nosuchprotocol')).toBeUndefined();
  });
});

describe('setupSms', () => {
  it('fills the GT06 family template, 1 for a domain name and 0 for an IP address', () => {
    expect(setupSms(setup('concox'), 'track.example.com', 5023)).toBe('SERVER,1,track.example.com,5023,0#');
    expect(setupSms(setup('concox'), '203.0.113.7', 6023)).toBe('SERVER,0,203.0.113.7,6023,0#');
  });

  it('fills the TK103 and Teltonika templates, keeping Teltonika’s two leading spaces', () => {
    expect(setupSms(setup('coban'), 'track.example.com', 5001)).toBe('adminip123456 track.example.com 5001');
    expect(setupSms(setup('teltonika'), 'track.example.com', 5027)).toBe(
      '  setparam 2004:track.example.com;2005:5027;2006:0',
    );
  });

  it('pins the exact SMS of every make, and which ones a public manual confirms', () => {
    const filled = Object.fromEntries(
      deviceSetups.map((s: DeviceSetup) => [s.key, [setupSms(s, 'gps.example.com', 5000), s.smsChecked ?? null]]),
    );
    expect(filled).toEqual({
      traccarClient: [null, null],
      concox: ['SERVER,1,gps.example.com,5000,0#', false],
      sinotrack: ['8040000 gps.example.com 5000', true],
      coban: ['adminip123456 gps.example.com 5000', true],
      teltonika: ['  setparam 2004:gps.example.com;2005:5000;2006:0', true],
      meitrack: ['0000,A21,1,gps.example.com,5000,,,', false],
      watch: ['pw,123456,ip,gps.example.com,5000#', true],
      queclink: [null, null],
      suntech: [null, null],
      ruptela: [null, null],
      jt808: [null, null],
      wialon: [null, null],
    });
  });

  it('gives no SMS for a make set up otherwise', () => {
    expect(setupSms(setup('traccarClient'), 'track.example.com', 5055)).toBeNull();
    expect(setupSms(setup('queclink'), 'track.example.com', 5004)).toBeNull();
  });
});

describe('identifierProblem', () => {
  it('holds IMEIs to 15 digits with their check digit', () => {
    const concox = setup('concox');
    expect(identifierProblem(concox, '490154203237518')).toBeNull();
    expect(identifierProblem(concox, ' 490154203237518 ')).toBeNull();
    expect(identifierProblem(concox, '490154203237519')).toBe('imeiCheck');
    expect(identifierProblem(concox, '49015420323751')).toBe('imeiLength');
    expect(identifierProblem(concox, '49015420323751A')).toBe('imeiLength');
    expect(identifierProblem(concox, '')).toBe('empty');
  });

  it('holds digit identifiers to their lengths', () => {
    const sinotrack = setup('sinotrack');
    expect(identifierProblem(sinotrack, '4106012345')).toBeNull();
    expect(identifierProblem(sinotrack, '410601234')).toBe('digitsLength');
    expect(identifierProblem(sinotrack, '41060123AB')).toBe('digitsOnly');
  });

  it('lets a phone app use any identifier the devices API takes', () => {
    const phone = setup('traccarClient');
    expect(identifierProblem(phone, 'my-phone.1')).toBeNull();
    expect(identifierProblem(phone, 'my phone')).toBe('characters');
    expect(identifierProblem(phone, 'x'.repeat(65))).toBe('characters');
  });
});

describe('trackerListeners', () => {
  it('lists every protocol on Traccar’s port by default', () => {
    const all = trackerListeners({});
    expect(all).toHaveLength(Object.keys(protocolCatalogue).length);
    expect(all.find((l) => l.protocol === 'osmand')).toEqual({ protocol: 'osmand', port: 5055, transports: ['http'] });
  });

  it('follows WAYMARK_PROTOCOLS and WAYMARK_PORT_<PROTOCOL> as the ingest does', () => {
    const listeners = trackerListeners({
      WAYMARK_PROTOCOLS: 'osmand, GT06,teltonika',
      WAYMARK_PORT_GT06: '6023',
      WAYMARK_PORT_TELTONIKA: '0',
    });
    expect(listeners).toEqual([
      { protocol: 'osmand', port: 5055, transports: ['http'] },
      { protocol: 'gt06', port: 6023, transports: ['tcp'] },
    ]);
  });
});
