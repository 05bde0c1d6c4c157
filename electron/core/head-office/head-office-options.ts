// What createCore takes for the head office (core-options.ts `headOffice`): the app passes none; tests shorten the
// timings and give a data folder another computer's marks (a copied disk).

export interface HeadOfficeOptions {
  /** Between heartbeats (default 30 s; a head office counts a till online for 90 s after the last). */
  readonly heartbeatMs?: number;
  /** The pause after a failed send, doubling up to maxMs (default 1 s to 30 s). */
  readonly retry?: { readonly firstMs: number; readonly maxMs: number };
  /** This computer's marks (default: its network adapters, machine-marks.ts). */
  readonly machineMarks?: () => readonly string[];
}
