import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { migrations } from '../../../db/migrate.js';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import { backupPath, openReadOnly } from './backup-files.js';
import { checkBackup, unusable } from './backup-check.js';
import { createBackup, type BackupInfo } from './backups.service.js';
import { inTx } from '../../ops/transaction.js';

export interface BackupContents {
  file: string;
  /** SQLite's integrity_check said ok. */
  intact: boolean;
  /** Made by a newer Kvitt (migrations this version does not know): cannot be restored here. */
  newerVersion: boolean;
  counts: { recipients: number; products: number; invoices: number; creditNotes: number; offers: number; orderConfirmations: number; drafts: number };
  /** The most recently issued document, to recognise the copy by. */
  newestDocument: { kind: string; number: number; date: string | null; recipient: string; total: number } | null;
  /** Newest audit entry: when the copy last saw a change. */
  lastChange: string | null;
}


/** What a backup holds, read from the file without changing it. */
export async function inspectBackup(ctx: AppContext, file: string): Promise<BackupContents> {
  const path = backupPath(ctx, file);
  // The full check first (backup-check.ts): links, folders, foreign databases and broken copies are a 409 with the reason.
  const { applied, intact } = await checkBackup(path, file);
  const newerVersion = applied.some((name) => !(name in migrations));
  const raw = openReadOnly(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    return await readContents(db, file, intact, newerVersion);
  } catch (err) {
    // A copy from a newer version (not brought up to date by the check) may still differ in shape: say so, never 500.
    if (err instanceof OpError) throw err;
    throw unusable(file, `its contents cannot be read (${(err as Error).message})`);
  } finally {
    await db.destroy();
  }
}

async function readContents(db: Kysely<Database>, file: string, intact: boolean, newerVersion: boolean): Promise<BackupContents> {
  {
    const count = async (table: 'recipients' | 'products') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const docs = await db
      .selectFrom('documents')
      .select((eb) => ['kind', eb.fn.countAll<number>().as('n'), eb.fn.count<number>('number').as('issued')])
      .groupBy('kind')
      .execute();
    const issued = (kind: string) => Number(docs.find((d) => d.kind === kind)?.issued ?? 0);
    const newest = await db
      .selectFrom('documents')
      .select(['kind', 'number', 'issue_date', 'recipient_snapshot', 'total'])
      .where('number', 'is not', null)
      .orderBy('issued_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const last = await db.selectFrom('audit_log').select('at').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return {
      file,
      intact,
      newerVersion,
      counts: {
        recipients: await count('recipients'),
        products: await count('products'),
        invoices: issued('invoice'),
        creditNotes: issued('credit-note'),
        offers: issued('offer'),
        orderConfirmations: issued('order-confirmation'),
        drafts: docs.reduce((sum, d) => sum + Number(d.n) - Number(d.issued), 0),
      },
      newestDocument: newest
        ? {
            kind: newest.kind,
            number: newest.number!,
            date: newest.issue_date,
            recipient: (JSON.parse(newest.recipient_snapshot) as { name?: string } | null)?.name ?? '',
            total: newest.total / 100,
          }
        : null,
      lastChange: last?.at ?? null,
    };
  }
}

/**
 * Replaces the whole database with a backup, while the app runs: the backup is checked first (a Kvitt database, intact,
 * not from a newer version), the current file is kept as a backup (`…-before-restore.kvittbackup`), then SQLite's online
 * backup copies the chosen file into the open database, which is brought up to this version's schema. Every later
 * request sees the restored data; the restore itself is written to the restored audit log.
 */
export async function restoreBackup(ctx: AppContext, file: string): Promise<{ restored: BackupContents; previous: BackupInfo }> {
  if (!ctx.restoreFrom) throw new OpError('NO_DATA_FOLDER', 'This database lives in memory; there is nothing to restore into');
  const contents = await inspectBackup(ctx, file);
  if (!contents.intact) throw new OpError('BACKUP_DAMAGED', `${file} fails SQLite's integrity check; choose another backup`, [], { file });
  if (contents.newerVersion) throw new OpError('BACKUP_TOO_NEW', `${file} was made by a newer version of Kvitt; update Kvitt first`, [], { file });
  const stamp = ctx.clock.timestamp().replace(/[-: ]/g, '').slice(0, 14);
  const previous = await createBackup(ctx, { name: `kvitt-${stamp}-before-restore`, action: 'create-before-restore' });
  await ctx.restoreFrom(backupPath(ctx, file));
  await inTx(ctx, (tctx) => audit(tctx, 'backup', file, 'restore', { previous: previous.file }));
  return { restored: contents, previous };
}
