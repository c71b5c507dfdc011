import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret } from './features/users/index.js';
import type { ApiKeyStore } from './context.js';

/**
 * The loopback API key: 256 random bits, created on first start in the data folder with owner-only
 * permissions. KVITT_API_KEY (tests, scripting) overrides the file and cannot be regenerated.
 */
export function fileApiKeyStore(dataDir: string | null, override?: string): ApiKeyStore {
  let key: string;
  const file = dataDir ? join(dataDir, 'api-key') : null;
  const write = (k: string) => {
    if (!file) return;
    writeFileSync(file, k + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  };
  if (override) key = override;
  else if (file && existsSync(file)) key = readFileSync(file, 'utf8').trim();
  else {
    key = randomSecret(32);
    write(key);
  }
  return {
    get: () => key,
    regenerate() {
      if (override) throw Object.assign(new Error('The API key is fixed by KVITT_API_KEY'), { keyFixed: true });
      key = randomSecret(32);
      write(key);
      return key;
    },
  };
}
