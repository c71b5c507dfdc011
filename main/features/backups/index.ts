/**
 * The backups area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { takeOpenedBackup } from './opened-backup.js';
export { startDailyBackups } from './rolling.js';
