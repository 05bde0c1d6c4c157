// Reading a text that should hold JSON but may not: a provider's reply (an HTML error page from a proxy, a
// body cut off), a webhook delivery, a body for the audit log. Callers decide what "not JSON" means to them.

/** The JSON value a text holds, or undefined when it holds none (JSON has no undefined, so this is unambiguous). */
export function parseJsonOrUndefined(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * For the audit log: the JSON value, so the journal's redaction sees the body's keys; the text itself when it
 * is not JSON; null for no body.
 */
export function parseJsonOrText(text: string): unknown {
  if (text === '') return null;
  const value = parseJsonOrUndefined(text);
  return value === undefined ? text : value;
}
