/**
 * The Node ABI a native module (.node) was built for, read from the binary itself: a module built against V8 (as
 * better-sqlite3 is) exports `node_register_module_v<ABI>` — 115 for Node 20, Electron's own number for Electron
 * (node_modules/electron/abi_version). Works on ELF, PE and Mach-O alike (the name is in the export table as text).
 * Used by scripts/dist.mjs before packaging and by test/installer.
 */
import { readFileSync } from 'node:fs';

/** The ABI number, or null when the file names none (not a native module, or an N-API one). */
export function nativeAbiOf(file) {
  const found = /node_register_module_v(\d+)/.exec(readFileSync(file).toString('latin1'));
  return found ? Number(found[1]) : null;
}

/** Electron's ABI as the installed electron package states it. */
export function electronAbi(root) {
  return Number(readFileSync(`${root}/node_modules/electron/abi_version`, 'utf8').trim());
}
