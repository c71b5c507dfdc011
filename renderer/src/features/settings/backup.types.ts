import type { ItemOf, OutputOf } from '../../api/op-types';

/** A backup as backups.list answers it (the Backups tab and the restore dialog both show it). */
export type BackupInfo = ItemOf<'backups.list'>;
/** What backups.inspect reads from a backup before it is restored. */
export type BackupContents = OutputOf<'backups.inspect'>;
