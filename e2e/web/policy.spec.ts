import { expect, test } from '@playwright/test';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';

// Issue 27.3 and 27.5 in Chromium on the real preview host started with `--policy FILE`: a field the fleet's
// policy locks shows "Set by your organisation" and cannot be edited, a save of it is refused settings.locked
// even when sent straight to the contract, other fields still save, and Settings → About shows the policy (with
// the part it did not use) and checks the till, each line in words.

const POLICY = {
  settings: { merchantName: 'Kopi Fleet #12', terminalReference: 'FLEET-12', supervisorPin: '2468' },
  locked: ['merchantName', 'ecr.port'],
};

let host: PreviewHost;
test.beforeAll(async () => {
  host = await startPreviewHost([], { policy: POLICY });
});
test.afterAll(async () => {
  await host.stop();
});

test('a locked field is set by the organisation, and a save of it is refused', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-terminal').click();
  const name = page.getByTestId('settings-merchantName');
  await expect(name).toHaveValue('Kopi Fleet #12');
  await expect(name).toBeDisabled();
  await expect(page.getByTestId('settings-merchantName-locked')).toHaveText('Set by your organisation');
  // A value the policy sets without locking it is the till's to change.
  const reference = page.getByTestId('settings-terminalReference');
  await expect(reference).toHaveValue('FLEET-12');
  await expect(reference).toBeEnabled();

  // Straight to the contract, past the disabled field: refused, naming the field.
  const direct = await fetch(`${host.origin}/api/settings.save`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { merchantName: 'Renamed by hand' } }),
  });
  expect(await direct.json()).toMatchObject({
    ok: false,
    error: { code: 'settings.locked', details: { field: 'merchantName' } },
  });

  await reference.fill('FLEET-12-B');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-message')).toHaveText('Settings saved.');
  await expect(name).toHaveValue('Kopi Fleet #12');

  // The register port is locked inside its group; the rest of the group is not.
  await page.getByTestId('settings-tab-register').click();
  await expect(page.getByTestId('settings-ecr-port-locked')).toHaveText('Set by your organisation');
});

test('Settings → About shows the policy and checks the till in words', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-about').click();
  await expect(page.getByTestId('policy-file')).toContainText('.policy.json');
  await expect(page.getByTestId('policy-locked')).toHaveText('Locked on this till: merchantName, ecr.port');
  // The PIN in the policy was not taken: a secret never comes from a policy file.
  await expect(page.getByTestId('policy-problems')).toContainText('"supervisorPin" is a secret');

  await page.getByTestId('till-check-run').click();
  await expect(page.getByTestId('till-check-summary')).toBeVisible();
  await expect(page.getByTestId('till-check-provider')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('till-check-provider')).toContainText('Provider — Working');
  await expect(page.getByTestId('till-check-journal')).toContainText('Both journals are open');
  await expect(page.getByTestId('till-check-scanner')).toContainText('No read yet');
  await expect(page.getByTestId('till-check-updates')).toHaveCount(0);
});
