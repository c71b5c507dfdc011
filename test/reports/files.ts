/** Reading report files back the way a user's tools would: papaparse for CSV, exceljs for XLSX, fflate for zips, pdftotext. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll } from 'vitest';

export function parseCsv(data: Buffer) {
  const text = data.toString('utf8');
  const bom = text.charCodeAt(0) === 0xfeff;
  const parsed = Papa.parse<string[]>(bom ? text.slice(1) : text, { delimiter: ';', skipEmptyLines: true });
  return { bom, errors: parsed.errors, header: parsed.data[0], rows: parsed.data.slice(1), text };
}

/** `1234,50` -> 1234.5 */
export const csvNumber = (s: string) => Number(s.replace(',', '.'));

export async function readXlsx(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}

export function unzip(data: Buffer): Record<string, Buffer> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(data))).map(([k, v]) => [k, Buffer.from(v)]));
}

/** One temporary folder per test file, removed after its tests. */
let dir: string | null = null;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});
export function tmpFile(name: string, data: Buffer): string {
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'kvitt-rep-test-'));
  }
  const file = join(dir, `${Math.random().toString(36).slice(2, 8)}-${name}`);
  writeFileSync(file, data);
  return file;
}

export function pdfText(data: Buffer): string {
  return execFileSync('pdftotext', ['-layout', tmpFile('r.pdf', data), '-'], { encoding: 'utf8' });
}

export function pdfPages(data: Buffer): number {
  const info = execFileSync('pdfinfo', [tmpFile('r.pdf', data)], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)![1]);
}
