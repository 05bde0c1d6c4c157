// Clock skew = our clock minus the provider's, from the `Date` header of its reply. Positive: we are ahead.
// The provider rejects a request whose Date is about a minute off, and that is the most common field failure
// (wire-details §2.5), so every reply updates the figure the status bar shows.

/**
 * The server stamped its Date somewhere between our send and our receipt, so we compare it with the midpoint.
 * An HTTP-date (RFC 9110, "Tue, 22 Aug 2022 02:29:33 GMT") is truncated to the second: its true value is on
 * average half a second later. An ISO 8601 value with milliseconds is taken as is.
 * Returns null when the header is absent or unreadable.
 */
export function measureClockSkew(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return null;
  const hasMilliseconds = /\d{2}:\d{2}:\d{2}\.\d+/.test(dateHeader);
  const serverEstimate = hasMilliseconds ? serverMs : serverMs + 500;
  return Math.round((sentAtMs + receivedAtMs) / 2 - serverEstimate);
}
