/**
 * GET /recipients/{n}'s answers kept until the database changes: on a read-only SQLite connection (runOp's GETs on a
 * file database) each view is kept under the data version of the snapshot it was read from (db/fast.ts readSnapshot),
 * and given again only while the connection's data version is still that one (dataVersion: one `PRAGMA
 * data_version`, about a tenth of the two reads and the view it saves). SQLite changes that version on every commit
 * by any other connection: the app's writer (every recipient, label, custom field or settings write), a worker
 * thread's connection, another process on the file, a restore. So a kept view is never older than the file; any commit
 * at all (not only to recipients) drops every kept view. Nothing is kept on the writer connection, in a transaction,
 * in memory or on PostgreSQL (office mode's other servers write where no version is seen): there dataVersion is null
 * and every read goes to the database. Tests: test/recipients/recipient-view-cache.test.ts.
 */
import { dataVersion } from '../../../db/fast.js';
import type { Db } from '../../../db/connection.js';
import { keepJsonText } from '../../ops/json-text.js';

/** At most this many views per connection (a view is about 2 kB in memory); the oldest kept goes first. */
const MAX_VIEWS = 2000;

interface Kept<V> {
  version: number;
  views: Map<number, V>;
}

export class ViewsByVersion<V extends object> {
  private readonly byDb = new WeakMap<Db, Kept<V>>();

  /** The view kept for `key` if the database has not changed since it was read; undefined otherwise (also: no cache here). */
  lookup(db: Db, key: number): V | undefined {
    const kept = this.byDb.get(db);
    if (!kept || !kept.views.has(key)) return undefined; // nothing to check: the caller reads a snapshot anyway
    const version = dataVersion(db);
    if (version === null) return undefined;
    if (version !== kept.version) {
      kept.version = version;
      kept.views.clear();
      return undefined;
    }
    return kept.views.get(key);
  }

  /**
   * Keeps `view` as read in the snapshot of `version` (readSnapshot), frozen with its JSON text made once
   * (main/ops/json-text.ts keepJsonText), which HTTP then sends as it is.
   */
  keep(db: Db, version: number, key: number, view: V): V {
    let kept = this.byDb.get(db);
    if (!kept) this.byDb.set(db, (kept = { version, views: new Map() }));
    if (version !== kept.version) {
      if (version < kept.version) return view; // read before a change already seen: not kept
      kept.version = version;
      kept.views.clear();
    }
    if (kept.views.size >= MAX_VIEWS) kept.views.delete(kept.views.keys().next().value!);
    kept.views.set(key, keepJsonText(view));
    return view;
  }
}
