import { createServer, type Server } from 'node:net';
import { expect, test } from '../fixtures/pos-test.ts';

// Settings → Register in Chromium: a register port the till cannot listen on is refused on the form, in plain
// words next to the Port field (read out with it), and nothing is saved; a port it can use is saved and the
// connection status shows where registers connect.

async function listenSomewhere(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

test('a register port out of range, held by another program, or the screens’ own is refused next to the field', async ({
  page,
  pos,
}) => {
  const otherProgram = await listenSomewhere();
  const free = await listenSomewhere();
  await new Promise((resolve) => free.server.close(resolve));
  try {
    await pos.open(page);
    const screensPort = Number(new URL(page.url()).port);
    await pos.openSettings(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByTestId('settings-ecr-enabled').check();
    const port = page.getByLabel('Port', { exact: true });

    for (const [typed, said] of [
      ['80', 'Enter 1024 or more.'],
      ['70000', 'Enter 65535 or less.'],
      [String(otherProgram.port), `Another program on this computer already uses port ${otherProgram.port}.`],
      [String(screensPort), `This till already uses port ${screensPort} itself`],
    ] as const) {
      await port.fill(typed);
      await page.getByTestId('settings-save').click();
      await expect(port).toHaveAttribute('aria-invalid', 'true');
      await expect(port).toHaveAccessibleDescription(new RegExp(said.replace(/[.()]/g, '\\$&')));
      // Next to the field: the words sit in the Port field's own box, under its input.
      const words = page.locator('.field', { has: port }).getByText(said, { exact: false });
      await expect(words).toBeVisible();
      const [inputBox, wordsBox] = [await port.boundingBox(), await words.boundingBox()];
      expect(wordsBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
      expect(wordsBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(60);
      const saved = await pos.call('settings.get', {});
      expect(saved.ok && saved.value.settings.ecr.enabled).toBe(false);
    }

    await port.fill(String(free.port));
    await page.getByTestId('settings-save').click();
    await expect(port).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('settings-ecr-address')).toHaveText(`http://127.0.0.1:${free.port}/ecr/v1`);
  } finally {
    await new Promise((resolve) => otherProgram.server.close(resolve));
    // The preview host is shared with the other specs of this worker: leave the connection off.
    await pos.call('settings.save', {
      settings: { ecr: { enabled: false, port: 8710, network: 'this-computer', refundsAllowed: false } },
    });
  }
});
