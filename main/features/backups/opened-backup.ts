import { constants, copyFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AppContext } from '../../context.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { BACKUP_EXT, BACKUP_NAME, backupFolder, hasBackupExt } from './backup-files.js';

/**
 * A backup file the user opened with Kvitt (the installers associate `.kvittbackup`, docs/installer.md; an older `.sqlite` backup is taken too): its name in the
 * backups folder, where Settings → Sikkerhetskopier can show what it holds and restore it. A file already there is
 * used as it is; any other is copied in under a backup name (kvitt-<time>.kvittbackup), never moved or changed. Whether it
 * really is a Kvitt backup is checked, as for every backup, when it is inspected (backup-check.ts).
 */
export function takeOpenedBackup(ctx: AppContext, path: string, now = new Date()): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat?.isFile() || !hasBackupExt(path)) throw validationError([fieldError('file', 'INVALID_BACKUP_NAME')]);
  const folder = backupFolder(ctx);
  const real = realpathSync(path);
  if (dirname(real) === realpathSync(folder) && BACKUP_NAME.test(basename(real))) return basename(real);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  for (let n = 0; n < 100; n++) {
    const name = n === 0 ? `kvitt-${stamp}${BACKUP_EXT}` : `kvitt-${stamp}-${n}${BACKUP_EXT}`;
    try {
      copyFileSync(real, join(folder, name), constants.COPYFILE_EXCL);
      return name;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw validationError([fieldError('file', 'INVALID_BACKUP_NAME')]);
}
