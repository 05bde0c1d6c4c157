import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.tsx';
import { staffNameOf } from './attribution.ts';

describe('staffNameOf', () => {
  it('reads the built-in people under their default English names as their role, in the till’s language', () => {
    const zh = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
      translate('zh-HK', key, params);
    expect(staffNameOf({ id: 'supervisor', name: 'Supervisor' }, zh)).toBe('主管');
    expect(staffNameOf({ id: 'admin', name: 'Admin' }, zh)).toBe('管理員');
  });

  it('shows a renamed built-in, and everyone else, as named', () => {
    const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
      translate('en', key, params);
    expect(staffNameOf({ id: 'supervisor', name: 'Mrs Tan' }, en)).toBe('Mrs Tan');
    expect(staffNameOf({ id: 'staff-1', name: 'Supervisor' }, en)).toBe('Supervisor');
  });
});
