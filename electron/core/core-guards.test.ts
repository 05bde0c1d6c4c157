import { afterEach, describe, expect, it } from 'vitest';
import { closeOpenedCores, openCore } from './core.test-helper.ts';
import { dispatch } from './dispatch.ts';

// The composed core (as core.test.ts): what main refuses whatever the screen does. Unknown channels and invalid
// payloads before any handler, errors as typed envelopes, settings.save without the admin PIN.

afterEach(closeOpenedCores);

describe('dispatch over the composed handlers', () => {
  it('refuses an unknown channel with a typed error', async () => {
    const { core } = await openCore();
    expect(await dispatch(core.handlers, 'settings.delete', {})).toMatchObject({
      ok: false,
      error: { code: 'ipc.unknown-channel', retryable: false },
    });
    expect(await dispatch(core.handlers, 42, {})).toMatchObject({ ok: false, error: { code: 'ipc.unknown-channel' } });
    expect(await dispatch(core.handlers, '__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'ipc.unknown-channel' },
    });
  });

  it('refuses invalid payloads before any handler runs', async () => {
    const { core } = await openCore();
    expect(await dispatch(core.handlers, 'settings.verifyPin', { kind: 'supervisor' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    expect(await dispatch(core.handlers, 'app.info', { extra: true })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    expect(await dispatch(core.handlers, 'settings.save', { secrets: { rootPassword: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
  });

  it('turns a PosError from the core into its typed envelope', async () => {
    const { core } = await openCore();
    const result = await dispatch(core.handlers, 'settings.save', { settings: { country: 'HK', currency: 'SGD' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'settings.invalid', details: { field: 'currency' } } });
  });
});

describe('settings are guarded by the admin PIN in main, not only by the screen', () => {
  it('refuses settings.save once an admin PIN exists, until the PIN is verified', async () => {
    const { core, dir } = await openCore();
    // First start: set-up is open, including setting the admin PIN.
    const first = await dispatch(core.handlers, 'settings.save', { secrets: { adminPin: '1357' } });
    expect(first.ok).toBe(true);
    await core.close();

    // A new launch on the same data: a page calling settings.save directly is refused.
    const relaunched = await openCore(dir);
    const refused = await dispatch(relaunched.core.handlers, 'settings.save', {
      settings: { merchantName: 'Not allowed' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'admin.pin-required' } });
    expect((await relaunched.core.handlers['settings.get']({})).settings.merchantName).not.toBe('Not allowed');

    const wrong = await dispatch(relaunched.core.handlers, 'settings.verifyPin', { kind: 'admin', pin: '0000' });
    expect(wrong).toMatchObject({ ok: true, value: { valid: false } });
    expect(
      await dispatch(relaunched.core.handlers, 'settings.save', { settings: { merchantName: 'Still not' } }),
    ).toMatchObject({ ok: false });

    expect(
      await dispatch(relaunched.core.handlers, 'settings.verifyPin', { kind: 'admin', pin: '1357' }),
    ).toMatchObject({ ok: true, value: { valid: true } });
    const saved = await dispatch(relaunched.core.handlers, 'settings.save', {
      settings: { merchantName: 'Admin Cafe' },
    });
    expect(saved).toMatchObject({ ok: true, value: { settings: { merchantName: 'Admin Cafe' } } });
  });
});
