// The receipt printer's state as the status bar and Settings show it (electron/core/printing/). Pure data.

export const PRINTER_STATES = ['ready', 'paper-out', 'cover-open', 'offline', 'failed'] as const;
export type PrinterStateName = (typeof PRINTER_STATES)[number];

export interface PrinterStatus {
  /** What the printer last said; null until the till has asked it (nothing printed yet since start). */
  readonly state: PrinterStateName | null;
  readonly checkedAt: string | null;
}

/** What a test page found: the printer's state before and after, and its raw status answers (hex), for the admin. */
export interface PrinterCheck {
  readonly printed: boolean;
  readonly before: PrinterStateName;
  readonly after: PrinterStateName | null;
  /** The status bytes the printer sent, e.g. "12 12 12" (DLE EOT 1, 2, 4); "" when it sent none. */
  readonly answer: string;
}
