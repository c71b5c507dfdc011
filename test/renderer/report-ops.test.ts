/**
 * The report screen calls each report by its typed operation (REPORT_FILE_OPS, checked by tsc against the operation
 * table): the map names every report of the service's registry, each one the operation serving GET /reports/{resource}.
 */
import { expect, test } from 'vitest';
import { opTable } from '../../main/op-table.js';
import { reports } from '../../main/features/reports/registry.js';
import { REPORT_FILE_OPS } from '../../renderer/src/features/reports/reports-api';

test('every report of the registry has its file operation in the screen map, and no other report is in it', () => {
  expect(Object.keys(REPORT_FILE_OPS).sort()).toEqual(reports.map((r) => r.resource).sort());
  for (const r of reports) {
    const op = opTable.get((REPORT_FILE_OPS as Record<string, string>)[r.resource]);
    expect(op?.method, r.resource).toBe('GET');
    expect(op?.path, r.resource).toBe(`/reports/${r.resource}`);
  }
});
