import { z } from 'zod';
import type { PrintOutcome } from './receipts.ts';
import { day, printableText } from './request-atoms.ts';

// The receipt printer (electron/core/printing/: ESC/POS printers the core drives, or the system's): its settings,
// its state as the status bar and Settings show it, and the printer.* channels.

export const PRINTER_KINDS = ['system', 'network', 'device'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];
export const PAPER_WIDTHS_MM = [58, 80] as const;
/**
 * How an ESC/POS printer gets the receipt: as text (its own font, Chinese in its code page: fast, sharp) or as a
 * picture (GS v 0, drawn by the till with the fonts the app ships) for a printer with no Chinese code page.
 */
export const PRINT_AS = ['text', 'picture'] as const;
export type PrintAs = (typeof PRINT_AS)[number];
/** Raw printing on a network receipt printer ("JetDirect"): every brand listens here. */
export const DEFAULT_PRINTER_PORT = 9100;

/**
 * The receipt printer (electron/core/printing/): the system's default printer (an HTML page, the app only), or an
 * ESC/POS printer the till drives itself, on the network (host, port) or as a device file (path). Every field is
 * always present (settings refuse a group's field the defaults lack); host, port and path matter for their kind.
 */
export const printerSettingsSchema = z.object({
  kind: z.enum(PRINTER_KINDS),
  host: z.string().max(253),
  port: z.number().int().min(1).max(65_535),
  path: z.string().max(300),
  widthMm: z.union([z.literal(58), z.literal(80)]),
  printAs: z.enum(PRINT_AS),
  /** The cash drawer on the printer's drawer port: pulse on and off times; 0 = no drawer. */
  drawerOnMs: z.number().int().min(0).max(510),
  drawerOffMs: z.number().int().min(2).max(510),
});
export type PrinterSettings = z.infer<typeof printerSettingsSchema>;

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

export interface PrinterChannels {
  /**
   * A test page on the ESC/POS receipt printer: the saved one, or the Settings form's (admin, like
   * settings.testConnection). Answers what the printer said; never an error for the printer's own trouble.
   */
  'printer.testPage': { request: { printer?: PrinterSettings }; response: PrinterCheck };
  /**
   * Opens the cash drawer on the printer's drawer port, on demand only (pulse times in Settings). Needs the
   * drawer right; the print record keeps who opened it and `reason`, as they typed it.
   */
  'printer.openDrawer': { request: { reason: string }; response: { opened: true } };
  /** The end-of-day report on an ESC/POS printer; via browser (print it yourself) for the system printer. */
  'printer.printDayReport': { request: { day: string }; response: PrintOutcome };
  /**
   * A shift's X report (open: the shift so far) or Z report (closed: as kept at its close, never recomputed; a
   * second print is marked Copy) on an ESC/POS printer; via browser for the system printer. Needs the x-report right.
   */
  'printer.printShiftReport': { request: { id: string }; response: PrintOutcome };
}

export const printerRequestSchemas: { [K in keyof PrinterChannels]: z.ZodType<PrinterChannels[K]['request']> } = {
  'printer.testPage': z.object({ printer: printerSettingsSchema.strict().optional() }).strict(),
  'printer.openDrawer': z.object({ reason: printableText(120).trim().min(1) }).strict(),
  'printer.printDayReport': z.object({ day }).strict(),
  'printer.printShiftReport': z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }).strict(),
};
