import { backupOps } from '../features/backups/backups.ops.js';
import { commonOps } from '../features/common/common.ops.js';
import { recipientOps } from '../features/recipients/recipients.ops.js';
import { settingsOps } from '../features/settings/settings.ops.js';
import type { Op } from './define.js';

/** The operation table: every operation of Kvitt, served alike over IPC and loopback HTTP. */
export const allOps: readonly Op[] = [
  ...commonOps,
  ...settingsOps,
  ...recipientOps,
  ...backupOps,
  // one line per area
];

export const opTable: ReadonlyMap<string, Op> = new Map(allOps.map((op) => [op.name, op]));

if (opTable.size !== allOps.length) throw new Error('Two operations share a name');
