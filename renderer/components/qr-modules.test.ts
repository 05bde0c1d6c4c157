import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrModulesOf } from './qr-modules.ts';

// The payment QR is encoded once per payload: when the event announcing it arrived first, the answer's render
// draws what was encoded then.

describe('qrModulesOf', () => {
  it('encodes a payload once: the render after the event draws the same modules', () => {
    const payload = 'sandbox-wallet://pay/TILL01-20261127-0001';
    const fromEvent = qrModulesOf(payload);
    expect(qrModulesOf(payload)).toBe(fromEvent);
    // The modules are the standard's, at the level the till prints (M).
    const reference = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
    expect(fromEvent.size).toBe(reference.size);
    expect(Array.from(fromEvent.data)).toEqual(Array.from(reference.data));
  });

  it('keeps only the last few payloads', () => {
    const first = qrModulesOf('sandbox-wallet://pay/first');
    for (let i = 0; i < 8; i += 1) qrModulesOf(`sandbox-wallet://pay/later-${i}`);
    const again = qrModulesOf('sandbox-wallet://pay/first');
    expect(again).not.toBe(first);
    expect(Array.from(again.data)).toEqual(Array.from(first.data));
  });
});
