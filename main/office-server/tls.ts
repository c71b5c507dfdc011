import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 of the certificate, `AB:CD:…` (what browsers and `openssl x509 -fingerprint -sha256` show). */
  fingerprint: string;
  /** Where it came from: the files given, or the certificate generated in the data folder. */
  source: string;
  generated: boolean;
}

export const fingerprintOf = (certPem: string) => new X509Certificate(certPem).fingerprint256;

/** Certificate and key from files (--tls-cert / --tls-key); a key that does not match the certificate is refused. */
export function tlsFromFiles(certFile: string, keyFile: string): TlsMaterial {
  const cert = readFileSync(certFile, 'utf8');
  const key = readFileSync(keyFile, 'utf8');
  const x509 = new X509Certificate(cert);
  try {
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error('mismatch');
  } catch {
    throw new Error(`The key in ${keyFile} does not belong to the certificate in ${certFile}`);
  }
  return { cert, key, fingerprint: x509.fingerprint256, source: certFile, generated: false };
}

/**
 * The self-signed certificate of this office server, in `<dataDir>/office-tls/` (made on first need, kept after that so
 * the fingerprint users pinned stays the same). Its names: localhost, 127.0.0.1 and the given host names/addresses.
 */
export async function selfSignedTls(dataDir: string, names: readonly string[]): Promise<TlsMaterial> {
  const dir = join(dataDir, 'office-tls');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) return { ...tlsFromFiles(certFile, keyFile), generated: true };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const all = [...new Set(['localhost', '127.0.0.1', ...names.map((n) => n.replace(/^\[|\]$/g, ''))])];
  const altNames = all.map((n) => (isIP(n) ? { type: 7 as const, ip: n } : { type: 2 as const, value: n }));
  const notAfter = new Date(Date.now() + 825 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: names[0] ?? 'kvitt-office' }, { name: 'organizationName', value: 'Kvitt office server' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  } as Parameters<typeof generate>[1]);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private, fingerprint: fingerprintOf(pems.cert), source: certFile, generated: true };
}
