import { isIP } from 'node:net';

/**
 * Whether a request's `Host` header names this machine: an IP address, `localhost` (or a name under
 * `.localhost`), or the name the server was bound to. Anything else is a page on another site whose DNS name
 * was pointed at 127.0.0.1 (DNS rebinding), reading the dev server from the reader's browser.
 */
export function isAllowedHost(hostHeader: string | undefined, boundHost: string): boolean {
  if (!hostHeader) return false;
  // `[::1]:3000` → `::1`; `localhost:3000` → `localhost`.
  const name = (
    hostHeader.startsWith('[') ? hostHeader.slice(1, hostHeader.indexOf(']')) : hostHeader.replace(/:\d+$/, '')
  ).toLowerCase();
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name === boundHost.toLowerCase();
}
