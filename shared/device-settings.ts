import { z } from 'zod';

// The settings groups about the till's own devices and computer: the USB scanner, the PC it runs on, and where its
// log lines go besides its files. Part of the settings shape (shared/settings.ts), kept here so that file stays
// about the terminal and the provider.

export const scannerSettingsSchema = z.object({
  /** A wedge scanner types faster than this between keys; people do not. */
  maxInterKeyMs: z.number().int().min(5).max(200),
  minLength: z.number().int().min(4).max(64),
  terminator: z.enum(['Enter', 'Tab']),
});

/** The computer the till runs on: start with the session, and keep the screen on while the till is in front. */
export const machineSettingsSchema = z.object({
  launchAtLogin: z.boolean(),
  keepDisplayAwake: z.boolean(),
});
export type MachineSettings = z.infer<typeof machineSettingsSchema>;

/**
 * The till's log lines, also to the chain's collector (electron/core/logging/syslog-forwarder.ts): RFC 5424 over
 * TCP to host:port, with TLS when `tls` (RFC 5425, port 6514). Off by default; the local files are kept either way.
 */
export const syslogSettingsSchema = z.object({
  enabled: z.boolean(),
  host: z.string().max(253),
  port: z.number().int().min(1).max(65_535),
  tls: z.boolean(),
});
export type SyslogSettings = z.infer<typeof syslogSettingsSchema>;
