import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** `HOST:PORT`, `[v6]:PORT` or `PORT` (then 127.0.0.1) as given to --listen. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([0-9a-f:.]+)\]|([^:\[\]]+)):(\d{1,5})$/i.exec(value.trim()) ?? /^()()(\d{1,5})$/.exec(value.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new Error(`--listen must be HOST:PORT (e.g. 0.0.0.0:7070) or a port, got ${value}`);
  return { host: m[1] || m[2] || '127.0.0.1', port };
}

/** 127.0.0.0/8, ::1, localhost: the addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (h.startsWith('::ffff:')) return isLoopback(h.slice(7));
  return isIP(h) === 4 && h.split('.')[0] === '127';
}

/**
 * The rule of the office server: plain HTTP only on loopback. Listening on any other address (0.0.0.0, a LAN address)
 * needs TLS: certificate files, or the self-signed certificate generated in the data folder.
 */
export function assertTransportAllowed(host: string, tls: boolean): void {
  if (!tls && !isLoopback(host)) {
    throw new Error(`Plain HTTP is refused on ${host}: beyond 127.0.0.1 Kvitt serves only HTTPS (give --tls-cert FILE --tls-key FILE, or let Kvitt generate a certificate)`);
  }
}

/**
 * Host names the server answers to besides the loopback names (the DNS-rebinding check in main/http/server.ts): the
 * --public-host names, plus this machine's own IP addresses when it listens on all of them (0.0.0.0 / ::) or the one
 * address it listens on. A rebinding attack needs a name it controls; IP literals of this machine are not such names.
 */
export function acceptedHosts(listenHost: string, publicHosts: readonly string[]): string[] {
  const out = new Set(publicHosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
  const any = listenHost === '0.0.0.0' || listenHost === '::';
  if (any) {
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) if (!a.internal) out.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
    }
  } else if (!isLoopback(listenHost)) out.add(isIP(listenHost) === 6 ? `[${listenHost.toLowerCase()}]` : listenHost.toLowerCase());
  return [...out];
}
