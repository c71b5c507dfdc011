/**
 * The backups area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { takeOpenedBackup } from './opened-backup.js';
export { startDailyBackups } from './rolling.js';
