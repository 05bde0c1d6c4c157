import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { controlCall } from '../../sandbox/sandbox.test-helper.ts';
import { approveOnConsentPage } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { customerJournalFileIn } from './journal.ts';
import { TOKEN_KEY_SECRET_NAME } from './token-cipher.ts';
import { caught } from '../../testing/helpers.ts';
import { dataDir, sandbox, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';

// Linking over the sandbox's consent page: the code exchanged at once, the token stored sealed; refused,
// lost and expired sessions.

setUpCustomerServiceTests();

describe('linking', () => {
  it('consent page → callback → code exchanged at once; the token is stored sealed, never in clear', async () => {
    const { h, module } = await start();
    const started = await h['customers.startLink']({
      merchantUserId: 'cust-1',
      phoneHint: '+65 9123 4567',
      emailHint: 'jane.doe@example.com',
    });
    expect(started.callbackUrl).toBe('https://till.wallet-pos.invalid/link/callback');
    expect(JSON.stringify(started)).not.toMatch(/eyJ/); // the app token (a JWT) stays in main
    const request = module.consentRequest(started.linkToken);
    expect(Object.keys(request.headers)).toEqual(['X-Service-App-Token']);
    // Only redacted hints reached the provider.
    const session = (await controlCall(sandbox, 'GET', `/tokenized/link-sessions/${started.linkToken}`)).body;
    expect(session.userHint).toEqual({ phone: '+65 ****4567', email: 'j***@example.com' });

    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const customer = await h['customers.completeLink']({
      linkToken: started.linkToken,
      redirectedTo: location.toString(),
    });
    expect(customer).toMatchObject({ merchantUserId: 'cust-1', status: 'linked', hint: 'j***@example.com' });

    const [token] = await truth('tokens');
    const paymentToken = token!.paymentToken as string;
    const db = new DatabaseSync(customerJournalFileIn(dataDir));
    const row = db.prepare('SELECT token_sealed FROM customers WHERE merchant_user_id = ?').get('cust-1')!;
    db.close();
    expect(String(row.token_sealed)).toMatch(/^v1\./);
    expect(String(row.token_sealed)).not.toContain(paymentToken);
    for (const file of ['linked-customers.sqlite3', 'linked-customers.sqlite3-wal']) {
      expect(readFileSync(join(dataDir, file)).includes(paymentToken)).toBe(false);
    }
    expect(
      JSON.parse(readFileSync(join(dataDir, 'vault.development.json'), 'utf8'))[TOKEN_KEY_SECRET_NAME],
    ).toBeTruthy();
    // Completing again is harmless; the session is done.
    expect(
      (await h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() })).status,
    ).toBe('linked');
    expect((await h['customers.linkStatus']({ linkToken: started.linkToken })).state).toBe('linked');
  });

  it('refuses a redirect whose state does not match, or that lands elsewhere', async () => {
    const { h, module } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-2', emailHint: 'a@b.co' });
    const request = module.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const elsewhere = new URL(location);
    elsewhere.host = 'evil.example';
    expect(
      (await caught(h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: elsewhere.toString() })))
        .code,
    ).toBe('link.failed');
    const forged = new URL(location);
    forged.searchParams.set('state', 'forged');
    expect(
      (await caught(h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: forged.toString() })))
        .code,
    ).toBe('link.failed');
    expect((await h['customers.linkStatus']({ linkToken: started.linkToken })).state).toBe('failed');
    expect(await truth('tokens')).toHaveLength(0);
  });

  it("linkStatus completes the link from the provider's poll when the redirect was never seen", async () => {
    const { h } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-3', phoneHint: '91234567' });
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toEqual({
      state: 'waiting',
      customer: null,
      reason: null,
    });
    await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${started.linkToken}/approve`);
    const progress = await h['customers.linkStatus']({ linkToken: started.linkToken });
    expect(progress).toMatchObject({
      state: 'linked',
      customer: { merchantUserId: 'cust-3', status: 'linked', hint: '****4567' },
    });
    await controlCall(
      sandbox,
      'POST',
      '/tokenized/link-sessions/' +
        (await h['customers.startLink']({ merchantUserId: 'cust-4', phoneHint: '91234567' })).linkToken +
        '/expire',
    );
    const list = await h['customers.list']({});
    expect(list.map((c) => c.merchantUserId)).toEqual(['cust-3']);
  });

  it('a link whose token cannot be stored fails with a reason the cashier can act on, and stops looking alive', async () => {
    // The key store cannot be written (here: the vault's folder is a plain file), as on a till without one.
    const blocker = join(dataDir, 'not-a-folder');
    writeFileSync(blocker, '');
    const { h, module } = await start({ vault: new DevelopmentFileVault(join(blocker, 'vault.json')) });
    const started = await h['customers.startLink']({ merchantUserId: 'cust-6', phoneHint: '91234567' });
    const request = module.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const error = await caught(
      h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() }),
    );
    expect(error).toMatchObject({
      code: 'vault.unavailable',
      notice: { key: 'link.not-stored' },
      message: expect.stringContaining('link the customer again'),
    });
    // The provider's session is COMPLETED and its code spent: the poll must say so, not "waiting" until expiry.
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toMatchObject({
      state: 'failed',
      reason: { code: 'link.failed' },
    });
    expect(await h['customers.list']({})).toEqual([]);
  });

  it('an expired session says so', async () => {
    const { h } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-5', phoneHint: '91234567' });
    await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${started.linkToken}/expire`);
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toMatchObject({
      state: 'expired',
      customer: null,
      // The code, for the screen to say in the till's language (never the core's English).
      reason: { code: 'link.expired' },
    });
  });
});
