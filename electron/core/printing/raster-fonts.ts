import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { canvasLibrary } from './raster-canvas.ts';

// The fonts a receipt picture is drawn with: the Noto Sans HK and Noto Sans SC the app already ships for its
// screens (@fontsource, SIL OFL 1.1), so the paper shows the same letters as the till. Each package comes in
// slices of a few hundred characters (files/<name>-<slice>-<weight>-normal.woff2, the slice's characters in
// its unicode.json), as the browser takes them; the canvas loads a slice only when a line needs one of its
// characters, under a name of its own, and is given the list of slices the text needs (the CSS font list).
// Read as bytes rather than by path: in the packaged app the files sit inside the asar archive, which only
// Electron's fs can read.

export type RasterScript = 'hk' | 'sc';
export type RasterWeight = 400 | 700;

interface Slice {
  readonly name: string;
  readonly ranges: readonly (readonly [number, number])[];
}

interface FontPackage {
  readonly folder: string;
  readonly prefix: string;
  readonly slices: readonly Slice[];
}

const PACKAGE_OF: Readonly<Record<RasterScript, string>> = {
  hk: '@fontsource/noto-sans-hk',
  sc: '@fontsource/noto-sans-sc',
};

const require = createRequire(import.meta.url);
const packages = new Map<RasterScript, FontPackage>();
const registered = new Set<string>();

function fontPackage(script: RasterScript): FontPackage {
  const known = packages.get(script);
  if (known) return known;
  const unicodeFile = require.resolve(`${PACKAGE_OF[script]}/unicode.json`);
  const table = JSON.parse(readFileSync(unicodeFile, 'utf8')) as Record<string, string>;
  // "[12]" is a Chinese slice, "latin" a named one; the named ones first, so ASCII comes from the Latin slice.
  const slices = Object.entries(table)
    .map(([key, ranges]) => ({ name: key.replace(/^\[(\d+)\]$/, '$1'), ranges: parseRanges(ranges) }))
    .sort((a, b) => Number(/^\d+$/.test(a.name)) - Number(/^\d+$/.test(b.name)));
  const made = { folder: join(dirname(unicodeFile), 'files'), prefix: PACKAGE_OF[script].split('/')[1]!, slices };
  packages.set(script, made);
  return made;
}

/** "U+20-7e,U+a0" → [[0x20, 0x7e], [0xa0, 0xa0]]. */
function parseRanges(text: string): [number, number][] {
  return text.split(',').map((range) => {
    const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

/**
 * The CSS font of `text` at `sizePx`: the slices holding its characters, the script's own first (zh-HK's
 * Hong Kong forms, or Simplified), then the other's for a character only it has. Loads each slice once.
 */
export function rasterFont(text: string, sizePx: number, weight: RasterWeight, script: RasterScript): string {
  const order: RasterScript[] = script === 'hk' ? ['hk', 'sc'] : ['sc', 'hk'];
  const families: string[] = [];
  for (const char of new Set(text)) {
    const point = char.codePointAt(0)!;
    for (const each of order) {
      const pack = fontPackage(each);
      const slice = pack.slices.find((candidate) => candidate.ranges.some(([a, b]) => point >= a && point <= b));
      if (!slice) continue;
      const family = load(pack, slice, weight);
      if (!families.includes(family)) families.push(family);
      break;
    }
  }
  // An all-space line still needs a font the canvas knows.
  if (families.length === 0) families.push(load(fontPackage(script), fontPackage(script).slices[0]!, weight));
  return `${sizePx}px ${families.map((family) => `"${family}"`).join(', ')}`;
}

function load(pack: FontPackage, slice: Slice, weight: RasterWeight): string {
  const family = `${pack.prefix} ${slice.name} ${weight}`;
  if (!registered.has(family)) {
    const file = join(pack.folder, `${pack.prefix}-${slice.name}-${weight}-normal.woff2`);
    canvasLibrary().GlobalFonts.register(readFileSync(file), family);
    registered.add(family);
  }
  return family;
}
