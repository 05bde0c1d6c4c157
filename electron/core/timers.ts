// The one timer shape of the core's services (payments/, customers/): every wait they schedule goes through
// injected Timers, so a test can see and drive each one (which waits were asked for, which were cut short)
// instead of sleeping through them. The app runs on SYSTEM_TIMERS.

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
