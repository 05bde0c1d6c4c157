import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startPreviewHost } from '../fixtures/preview-host.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';

// A payment journal deleted while the till was off, on the real preview host and a real Chromium: the till
// starts, but shows what is wrong instead of the sale and refuses charges; starting a new journal sets the old
// record aside and the sale is back.

test('a deleted payment journal stops the till at start; starting a new journal brings the sale back', async ({
  page,
}) => {
  const dataDir = tempFolder('wallet-pos-journal-');
  try {
    const first = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await page.goto(first.url);
      await expect(page.getByTestId('sale-screen')).toBeVisible();
    } finally {
      await first.stop();
    }
    rmSync(join(dataDir, 'payments.sqlite3'));

    const relaunched = await startPreviewHost(['--data-dir', dataDir]);
    try {
      await page.goto(relaunched.url);
      await expect(page.getByTestId('journal-payments')).toHaveAttribute('data-kind', 'missing');
      await expect(page.getByTestId('journal-payments-kind')).toHaveText('The file is missing.');
      await expect(page.getByTestId('journal-payments-file')).toContainText(join(dataDir, 'payments.sqlite3'));
      await expect(page.getByTestId('status-journal')).toHaveText('Journal problem: payments stopped');
      await expect(page.getByTestId('sale-screen')).toHaveCount(0);
      // A page that goes around the screen is refused by main with the typed error.
      const direct = await fetch(`${relaunched.origin}/api/payments.chargeMerchantQr`, {
        method: 'POST',
        headers: { authorization: `Bearer ${relaunched.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amountMinor: 500, currency: 'SGD' }),
      });
      expect(await direct.json()).toMatchObject({
        ok: false,
        error: { code: 'journal.lost', details: { journal: 'payments', kind: 'missing' } },
      });
      expect(existsSync(join(dataDir, 'payments.sqlite3'))).toBe(false);

      await page.getByTestId('journal-payments-start-new').click();
      await page.getByTestId('journal-payments-confirm-start-new').click();
      await expect(page.getByTestId('journal-problems')).toHaveCount(0);
      await page.getByTestId('nav-sale').click();
      await expect(page.getByTestId('sale-screen')).toBeVisible();
      await expect(page.getByTestId('status-journal')).toHaveCount(0);
      expect(readdirSync(dataDir).some((name) => /^payments\.sqlite3\.lost-.*\.mark$/.test(name))).toBe(true);
    } finally {
      await relaunched.stop();
    }
  } finally {
    removeFolder(dataDir);
  }
});
