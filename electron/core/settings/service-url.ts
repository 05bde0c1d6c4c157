// URLs an admin may type for the provider (custom environment), our webhook and the linking callback:
// https anywhere, or plain http only on this machine (a local proxy, the embedded sandbox). Anything else
// would send signed payment requests or customer tokens in clear text across a network.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isAcceptableServiceUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
