import { describe, expect, it } from 'vitest';
import { channelFileFor, FeedFormatError, parseFeed } from './feed-format.ts';

// latest.yml as electron-builder writes it, read without a YAML library: what we need, and refusals with the line.

const SHA = `${'A'.repeat(86)}==`;
const OTHER_SHA = `${'B'.repeat(86)}==`;

describe('latest.yml', () => {
  it('reads version, files, release date and staging percentage, skipping what it does not use', () => {
    const release = parseFeed(
      [
        'version: 1.4.0',
        'files:',
        '  - url: Wallet-POS-Setup-1.4.0.exe',
        `    sha512: ${SHA}`,
        '    size: 84512346',
        '    blockMapSize: 90123',
        '  - url: "Wallet POS 1.4.0.zip"',
        `    sha512: '${OTHER_SHA}'`,
        'path: Wallet-POS-Setup-1.4.0.exe',
        `sha512: ${SHA}`,
        'releaseNotes: |',
        '  Faster receipts.',
        '  files: not a key here',
        "releaseDate: '2026-11-20T09:00:00.000Z'",
        'stagingPercentage: 25 # a quarter of the tills',
        '',
      ].join('\r\n'),
    );
    expect(release).toEqual({
      version: '1.4.0',
      files: [
        { url: 'Wallet-POS-Setup-1.4.0.exe', sha512: SHA, size: 84_512_346 },
        { url: 'Wallet POS 1.4.0.zip', sha512: OTHER_SHA, size: null },
      ],
      releaseDate: '2026-11-20T09:00:00.000Z',
      stagingPercentage: 25,
    });
  });

  it('takes the one file of an old feed from path and sha512', () => {
    expect(parseFeed(`version: 2.0.0\npath: setup.exe\nsha512: ${SHA}\n`).files).toEqual([
      { url: 'setup.exe', sha512: SHA, size: null },
    ]);
  });

  it.each([
    ['no version', `files:\n  - url: a.exe\n    sha512: ${SHA}\n`, /version/],
    ['a version that is none', `version: latest\nfiles:\n  - url: a.exe\n    sha512: ${SHA}\n`, /version/],
    ['no file', 'version: 1.0.0\n', /no file/],
    ['a file without its digest', 'version: 1.0.0\nfiles:\n  - url: a.exe\n    size: 3\n', /sha512/],
    ['a digest that is no SHA-512', 'version: 1.0.0\nfiles:\n  - url: a.exe\n    sha512: abc\n', /sha512/],
    [
      'a size that is no byte count',
      `version: 1.0.0\nfiles:\n  - url: a.exe\n    sha512: ${SHA}\n    size: -3\n`,
      /size/,
    ],
    ['a staging percentage over 100', `version: 1.0.0\npath: a\nsha512: ${SHA}\nstagingPercentage: 150\n`, /staging/],
    ['an HTML error page', '<html><body>Not found</body></html>\n', /line 1/],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseFeed(text)).toThrow(FeedFormatError);
    expect(() => parseFeed(text)).toThrow(message);
  });

  it('names the channel file of each platform as electron-builder does', () => {
    expect(channelFileFor('win32')).toBe('latest.yml');
    expect(channelFileFor('darwin')).toBe('latest-mac.yml');
    expect(channelFileFor('linux')).toBe('latest-linux.yml');
  });
});
