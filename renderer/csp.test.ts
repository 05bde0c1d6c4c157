import { describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY, parsePolicy } from '../electron/core/security/csp.ts';
import { META_CSP } from './csp.ts';
import indexHtml from './index.html?raw';

describe("the renderer page's Content-Security-Policy", () => {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(indexHtml)?.[1];

  it('is in index.html exactly as renderer/csp.ts states it', () => {
    expect(meta).toBe(META_CSP);
  });

  it('matches the one source of truth that Electron and the web host send as a header', () => {
    expect(Object.fromEntries(parsePolicy(META_CSP))).toEqual(
      Object.fromEntries(parsePolicy(META_CONTENT_SECURITY_POLICY)),
    );
  });

  it('allows no inline code: the page has no inline script or style', () => {
    expect(META_CSP).not.toMatch(/unsafe-inline|(?<!wasm-)unsafe-eval/);
    expect(indexHtml).not.toMatch(/<style|style=|<script(?![^>]*\bsrc=)/);
  });
});
