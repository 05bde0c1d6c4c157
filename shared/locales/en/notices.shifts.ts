// Shifts (electron/core/shifts/): what the core says when a shift cannot open or close.

export const SHIFT_NOTICES_EN = {
  'shift.already-open': 'Shift {number} is still open. Close it before opening another.',
  'shift.payments-open':
    '{count} payment(s) still open or being checked: {references}. Settle them first, or a supervisor closes anyway (they are listed on the Z report).',
} as const;
