// What the printer says about itself (DLE EOT n real-time status, one byte each), read as the cashier needs
// it. Every answer byte has bits 1 and 4 set and bits 0 and 7 clear: anything else is not an ESC/POS printer
// (or not one that talks back), which is as bad as no answer.

export type PrinterProblem = 'paper-out' | 'cover-open' | 'offline' | 'failed';
export type PrinterState = 'ready' | PrinterProblem;

/** The status queries asked, in order: printer (1), offline cause (2), paper sensor (4). */
export const STATUS_QUERIES = [1, 2, 4] as const;

const FIXED_MASK = 0x93;
const FIXED_VALUE = 0x12;
const OFFLINE = 0x08; // n=1 bit 3
const COVER_OPEN = 0x04; // n=2 bit 2
const STOPPED_PAPER_END = 0x20; // n=2 bit 5
const PAPER_END = 0x60; // n=4 bits 5 and 6

export interface StatusAnswers {
  readonly printer: number;
  readonly offlineCause: number;
  readonly paper: number;
}

export function isStatusByte(byte: number): boolean {
  return (byte & FIXED_MASK) === FIXED_VALUE;
}

/** The one state a cashier acts on: paper and cover first (they say what to do), then offline. */
export function stateOf(answers: StatusAnswers): PrinterState {
  const { printer, offlineCause, paper } = answers;
  if (![printer, offlineCause, paper].every(isStatusByte)) return 'failed';
  if ((paper & PAPER_END) !== 0 || (offlineCause & STOPPED_PAPER_END) !== 0) return 'paper-out';
  if ((offlineCause & COVER_OPEN) !== 0) return 'cover-open';
  if ((printer & OFFLINE) !== 0) return 'offline';
  return 'ready';
}
