import { createHash, X509Certificate } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

/** Chromium that trusts only this certificate, by the hash of its public key (no blanket "ignore certificate errors"). */
export function launchPinned(certPem: string | Buffer): Promise<Browser> {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`],
  });
}
