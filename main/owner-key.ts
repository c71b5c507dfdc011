import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Db } from '../db/connection.js';
import type { ApiKeyStore } from './context.js';
import { randomSecret } from './features/users/index.js';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The owner key of an office server on PostgreSQL (no KVITT_API_KEY): one key for every server process on the
 * database. The database holds its SHA-256 (table owner_key, one row); the key itself is kept where the start-up
 * message says, in `file` (the data folder's `api-key`, mode 0600). The first process on a new database makes the key
 * (or takes the one already in the file); every later one, on this machine or another, accepts exactly the key whose
 * hash the database holds, read on every check, so a renewal in one process holds in all of them at once. A machine
 * without the file knows only the hash: it serves the key's holders but cannot show the key (settings.getApiKey: null).
 */
export async function sharedApiKeyStore(db: Db, file: string): Promise<ApiKeyStore> {
  const fromFile = () => (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);
  const write = (key: string) => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, key + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  };
  const stored = async () => (await db.selectFrom('owner_key').select('key_hash').where('id', '=', 1).executeTakeFirst())?.key_hash ?? null;

  let hash = await stored();
  if (hash === null) {
    const key = fromFile() || randomSecret(32);
    try {
      // The file is written inside the transaction: the hash is never stored for a key nobody has.
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('owner_key').values({ id: 1, key_hash: sha256(key), changed_at: new Date().toISOString() }).execute();
        if (fromFile() !== key) write(key);
      });
    } catch (err) {
      if ((await stored()) === null) throw err; // not another process that made the key first: say why
    }
    hash = await stored();
  }
  const known = () => {
    const key = fromFile();
    return key && sha256(key) === hash ? key : '';
  };
  let key = known();

  return {
    get: () => key,
    async verify(presented) {
      hash = await stored();
      return hash !== null && sha256(presented) === hash;
    },
    async read() {
      hash = await stored();
      key = known();
      return key || null;
    },
    async regenerate() {
      const fresh = randomSecret(32);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('owner_key').set({ key_hash: sha256(fresh), changed_at: new Date().toISOString() }).where('id', '=', 1).execute();
        write(fresh);
      });
      hash = sha256(fresh);
      key = fresh;
      return fresh;
    },
    where: () =>
      key
        ? `${file} (the same key for every Kvitt on this database; the database holds its SHA-256)`
        : `not on this machine: it is in the api-key file of the server that made it or last renewed it (here it would be ${file}); copy that file here (mode 0600) to show it, or set KVITT_API_KEY`,
  };
}
