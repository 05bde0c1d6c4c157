import type { z } from 'zod';
import { notice, type Notice } from '../../../shared/notices.ts';

// What is wrong with a refused setting, as a notice for the field it names (shared/settings.ts's schema):
// zod's own messages are English written for developers ("Too small: expected number to be >=5"), so each
// kind of issue gets the cashier's words instead, with its limit as a parameter.

export function settingsIssueNotice(issue: z.core.$ZodIssue): Notice {
  const field = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'custom':
      if (field === 'currency') return notice('settings.currency-not-in-country');
      if (field === 'amountLimits') return notice('settings.min-above-max');
      return notice('settings.value-invalid');
    case 'too_small':
      if (issue.origin === 'string') return notice('settings.required');
      return notice('settings.at-least', { minimum: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return notice('settings.too-long', { maximum: Number(issue.maximum) });
      return notice('settings.at-most', { maximum: Number(issue.maximum) });
    case 'invalid_value':
      return notice('settings.choose-from-list');
    default:
      return notice('settings.value-invalid');
  }
}
