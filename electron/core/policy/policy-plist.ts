// The macOS policy: the managed preferences an MDM's configuration profile installs for the app's bundle id,
// an XML property list. Each key of its top dictionary is a setting (a group is a dictionary), and `locked` an
// array of setting names:
//
//   <plist version="1.0"><dict>
//     <key>merchantName</key><string>Kopi Fleet #12</string>
//     <key>ecr</key><dict><key>enabled</key><true/><key>port</key><integer>8811</integer></dict>
//     <key>locked</key><array><string>merchantName</string><string>ecr.port</string></array>
//   </dict></plist>
//
// Only the XML form is read (a binary plist, "bplist00", is refused as unreadable: convert it with
// `plutil -convert xml1`). The document this gives is judged like a policy file (policy-document.ts).

export class PlistError extends Error {
  override readonly name = 'PlistError';
}

type Token = { readonly tag: string; readonly close: boolean; readonly empty: boolean } | { readonly text: string };

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

function tokens(xml: string): Token[] {
  const body = xml
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[\s\S]*?>/i, '');
  const found: Token[] = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z]+)(?:\s[^>]*?)?(\/?)>|([^<]+)/g)) {
    if (match[4] !== undefined) {
      if (match[4].trim() !== '') found.push({ text: match[4] });
    } else found.push({ tag: match[2]!, close: match[1] === '/', empty: match[3] === '/' });
  }
  return found;
}

/** The value of an XML property list: dictionaries as objects, arrays, strings, numbers, booleans. */
export function parsePlist(xml: string): unknown {
  if (xml.startsWith('bplist')) throw new PlistError('a binary property list, not XML');
  const list = tokens(xml);
  let at = 0;
  const next = (): Token => {
    const token = list[at++];
    if (!token) throw new PlistError('the property list ends too early');
    return token;
  };
  const closing = (tag: string): void => {
    const token = next();
    if (!('tag' in token) || !token.close || token.tag !== tag) throw new PlistError(`expected </${tag}>`);
  };
  const textUntil = (tag: string): string => {
    const token = list[at];
    if (token && 'text' in token) at += 1;
    closing(tag);
    return token && 'text' in token ? unescape(token.text) : '';
  };
  const value = (): unknown => {
    const token = next();
    if (!('tag' in token) || token.close) throw new PlistError('expected a value');
    if (token.tag === 'true' || token.tag === 'false') {
      if (!token.empty) closing(token.tag);
      return token.tag === 'true';
    }
    if (token.tag === 'string' || token.tag === 'date' || token.tag === 'data')
      return token.empty ? '' : textUntil(token.tag);
    if (token.tag === 'integer' || token.tag === 'real') {
      const number = Number(textUntil(token.tag).trim());
      if (!Number.isFinite(number)) throw new PlistError(`<${token.tag}> is not a number`);
      return number;
    }
    if (token.tag === 'array') {
      const items: unknown[] = [];
      if (token.empty) return items;
      while (!isClose(list[at], 'array')) items.push(value());
      at += 1;
      return items;
    }
    if (token.tag === 'dict') {
      const object: Record<string, unknown> = {};
      if (token.empty) return object;
      while (!isClose(list[at], 'dict')) {
        const key = next();
        if (!('tag' in key) || key.tag !== 'key') throw new PlistError('expected <key> in a <dict>');
        object[textUntil('key')] = value();
      }
      at += 1;
      return object;
    }
    throw new PlistError(`<${token.tag}> is not a property list value`);
  };
  const open = next();
  if (!('tag' in open) || open.tag !== 'plist') throw new PlistError('not a property list');
  const result = value();
  closing('plist');
  return result;
}

function isClose(token: Token | undefined, tag: string): boolean {
  if (!token) throw new PlistError(`<${tag}> is not closed`);
  return 'tag' in token && token.close && token.tag === tag;
}

/** The policy document the managed preferences describe: `{ settings, locked }`. */
export function policyFromPlist(xml: string): Record<string, unknown> {
  const root = parsePlist(xml);
  if (root === null || typeof root !== 'object' || Array.isArray(root))
    throw new PlistError('the top of the property list is not a <dict>');
  const { locked, ...settings } = root as Record<string, unknown>;
  return locked === undefined ? { settings } : { settings, locked };
}
