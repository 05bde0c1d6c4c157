import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY, parsePolicy } from './csp.ts';

const INDEX_HTML = new URL('../../../renderer/index.html', import.meta.url);

function metaPolicyOf(html: string): string | null {
  // The policy itself contains single quotes, so the attribute is matched by its own quote character.
  const tag =
    /<meta\s(?:[^>"']|"[^"]*"|'[^']*')*http-equiv=["']Content-Security-Policy["'](?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(
      html,
    )?.[0];
  if (!tag) return null;
  const match = /content=(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

describe('Content-Security-Policy', () => {
  it('allows nothing inline, nothing remote, no plugins, no framing', () => {
    const policy = parsePolicy(CONTENT_SECURITY_POLICY);
    expect(policy.get('default-src')).toBe("'none'");
    // WebAssembly compilation only (the camera's decoder): never 'unsafe-eval', which would allow eval().
    expect(policy.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|(?<!wasm-)unsafe-eval|\*|https?:/);
  });

  it('keeps frame-ancestors out of the <meta> form, where browsers ignore it', () => {
    expect(parsePolicy(META_CONTENT_SECURITY_POLICY).has('frame-ancestors')).toBe(false);
  });

  it("is exactly the policy in renderer/index.html's meta tag", () => {
    expect(existsSync(INDEX_HTML), 'renderer/index.html is missing').toBe(true);
    const meta = metaPolicyOf(readFileSync(INDEX_HTML, 'utf8'));
    expect(meta, 'renderer/index.html has no <meta http-equiv="Content-Security-Policy">').not.toBeNull();
    expect(Object.fromEntries(parsePolicy(meta!))).toEqual(
      Object.fromEntries(parsePolicy(META_CONTENT_SECURITY_POLICY)),
    );
  });
});
