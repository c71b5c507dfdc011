/** Where pdftotext -bbox reads a word first on a page of a PDF file (its top-left corner, in points from the top left). */
import { execFileSync } from 'node:child_process';

export function wordBox(file: string, word: string, page = 1): { x: number; y: number } {
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  const m = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="[\\d.]+" yMax="[\\d.]+">${word}<`).exec(xml);
  if (!m) throw new Error(`"${word}" not found on page ${page} of ${file}`);
  return { x: Number(m[1]), y: Number(m[2]) };
}
