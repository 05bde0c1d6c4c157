import { describe, expect, it } from 'vitest';
import { settingsProblems } from '../settings/settings-problems.ts';
import { notice } from '../../../shared/notices.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { judgePolicy } from './policy-document.ts';
import { applyPolicy, lockedChanges } from './policy-layer.ts';
import { WINDOWS_POLICY_KEY } from './policy-path.ts';
import { policyFromRegQuery } from './policy-registry.ts';

// The business on the receipt (Settings → Terminal, shared/business.ts) from a fleet's policy: a chain sets its
// registered name, address and GST number on every till and locks them; a Windows policy gives the rate's
// decimals as text, which no DWORD holds.

const REG_QUERY = [
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\WalletPOS',
  '    locked    REG_MULTI_SZ    business.name\\0business.taxNumber',
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\WalletPOS\\business',
  '    name    REG_SZ    Kopi Fleet Pte Ltd',
  '    address    REG_SZ    1 Harbourfront Walk, Singapore 098585',
  '    taxNumber    REG_SZ    M2-0123456-7',
  '    pricesIncludeTax    REG_DWORD    0x1',
  '    taxRatePercent    REG_SZ    8.25',
  '',
].join('\r\n');

describe('the business group in a policy', () => {
  it('is read from the registry (a rate with decimals as text), judged valid and locked field by field', () => {
    const document = policyFromRegQuery(REG_QUERY, WINDOWS_POLICY_KEY);
    const policy = judgePolicy(WINDOWS_POLICY_KEY, document);
    expect(policy.problems).toEqual([]);
    expect(policy.locked).toEqual(['business.name', 'business.taxNumber']);
    const applied = applyPolicy(DEFAULT_SETTINGS, policy);
    expect(applied.business).toEqual({
      name: 'Kopi Fleet Pte Ltd',
      address: '1 Harbourfront Walk, Singapore 098585',
      taxNumber: 'M2-0123456-7',
      pricesIncludeTax: true,
      taxRatePercent: 8.25,
    });
    // The till may change the rate (not locked), never the tax number.
    const changed = lockedChanges(
      { business: { ...applied.business, taxNumber: 'M9-9999999-9' } },
      applied,
      policy.locked,
    );
    expect(changed).toEqual(['business.taxNumber']);
    expect(lockedChanges({ business: { ...applied.business, taxRatePercent: 9 } }, applied, policy.locked)).toEqual([]);
  });

  it('a rate the schema refuses is left out with its reason, the rest of the group used', () => {
    const policy = judgePolicy('/etc/wallet-pos/policy.json', {
      settings: { business: { name: 'Kopi Fleet Pte Ltd', taxRatePercent: 8.255 } },
    });
    expect(policy.problems.map((problem) => problem.field)).toEqual(['business.taxRatePercent']);
    expect(applyPolicy(DEFAULT_SETTINGS, policy).business.name).toBe('Kopi Fleet Pte Ltd');
  });
});

describe('the business group in a save', () => {
  it('a tax number without the name and address: Settings says each of them is required', () => {
    const { problems } = settingsProblems({
      ...DEFAULT_SETTINGS,
      business: { ...DEFAULT_SETTINGS.business, taxNumber: 'M2-0123456-7' },
    });
    expect(problems).toEqual({
      'business.name': notice('settings.required'),
      'business.address': notice('settings.required'),
    });
  });
});
