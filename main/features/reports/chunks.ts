/**
 * Row sources read SQL in chunks: LIMIT/OFFSET pages of CHUNK rows over a query with a total order, so a report of any
 * size holds one chunk at a time. `mapRows` turns a chunk of SQL rows into report rows.
 */
export const CHUNK = 1000;

/** better-sqlite3 answers synchronously, so an await alone never lets the event loop serve other requests: each chunk
 *  ends with a turn of the loop (setImmediate), so a long report shares the server instead of holding it. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function* chunked<T, R>(page: (limit: number, offset: number) => Promise<T[]>, map: (rows: T[]) => R[] | Promise<R[]>, size = CHUNK): AsyncGenerator<R[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await page(size, offset);
    if (rows.length) yield await map(rows);
    await turn();
    if (rows.length < size) return;
  }
}

/** Keyset chunks: each chunk starts after the last key of the one before (for big, key-ordered tables). */
export async function* keyset<T, R>(
  page: (after: number | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => number,
  map: (rows: T[]) => R[] | Promise<R[]>,
  size = CHUNK,
): AsyncGenerator<R[]> {
  let after: number | null = null;
  for (;;) {
    const rows = await page(after, size);
    if (rows.length) yield await map(rows);
    await turn();
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]);
  }
}
