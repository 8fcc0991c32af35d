import { describe, expect, it } from 'vitest';
import { buildCommandRequest, type CommandDraft } from './command-request';

const draft = (patch: Partial<CommandDraft> = {}): CommandDraft => ({
  deviceId: '3',
  mode: 'custom',
  savedId: null,
  type: 'engineStop',
  parameters: {},
  expiresAt: '',
  ...patch,
});

describe('buildCommandRequest', () => {
  it('builds an ad-hoc command without parameters', () => {
    expect(buildCommandRequest(draft())).toEqual({
      ok: true,
      request: { deviceId: 3, type: 'engineStop', attributes: {}, expiresAt: undefined },
    });
  });

  it('sends a saved command by id', () => {
    expect(buildCommandRequest(draft({ mode: 'saved', savedId: '12' }))).toEqual({
      ok: true,
      request: { deviceId: 3, id: 12, attributes: {}, expiresAt: undefined },
    });
  });

  it('asks for the device, the type and the saved command', () => {
    expect(buildCommandRequest(draft({ deviceId: null, type: null }))).toEqual({
      ok: false,
      errors: { deviceId: 'command.errors.deviceRequired', type: 'command.errors.typeRequired' },
    });
    expect(buildCommandRequest(draft({ mode: 'saved' }))).toMatchObject({
      ok: false,
      errors: { savedId: 'command.errors.savedRequired' },
    });
  });

  it('checks the parameters a type needs with the contract schemas', () => {
    expect(buildCommandRequest(draft({ type: 'setConnection', parameters: { server: 'gps.example' } }))).toEqual({
      ok: false,
      errors: { 'parameters.port': 'command.errors.parameterRequired' },
    });
    expect(
      buildCommandRequest(draft({ type: 'setConnection', parameters: { server: 'gps.example', port: 70000 } })),
    ).toMatchObject({ ok: false, errors: { 'parameters.port': 'command.errors.parameterInvalid' } });
    expect(buildCommandRequest(draft({ type: 'setTimezone', parameters: { timezone: '-3600' } }))).toMatchObject({
      ok: true,
      request: { attributes: { timezone: -3600 } },
    });
  });

  it('turns the expiry into ISO time and refuses a past one', () => {
    const result = buildCommandRequest(draft({ expiresAt: '2099-01-02T03:04' }));
    expect(result.ok && result.request.expiresAt).toBe(new Date('2099-01-02T03:04').toISOString());
    expect(buildCommandRequest(draft({ expiresAt: '2000-01-01T00:00' }))).toMatchObject({
      ok: false,
      errors: { expiresAt: 'command.errors.expiryPast' },
    });
  });
});
