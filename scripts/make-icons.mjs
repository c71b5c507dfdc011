#!/usr/bin/env node
/**
 * Kvitt's icon set from build/icons/kvitt.svg: Chromium (playwright-core; CHROMIUM_PATH, default /usr/bin/chromium)
 * renders the SVG at each size to build/icons/<n>x<n>.png (Linux takes the folder), icon.png (1024), and the two
 * containers electron-builder wants as they are: icon.ico (Windows: PNG entries 16–256) and icon.icns (macOS: PNG
 * entries 16–1024). The output is committed; run this again after changing the SVG: `node scripts/make-icons.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../build/icons');
const svg = readFileSync(join(dir, 'kvitt.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const png = new Map();
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const shot = await page.locator('svg').screenshot({ omitBackground: true });
    png.set(size, shot);
    writeFileSync(join(dir, `${size}x${size}.png`), shot);
  }
} finally {
  await browser.close();
}
writeFileSync(join(dir, 'icon.png'), png.get(1024));

/** ICO: a 6-byte header, a 16-byte entry per image (0 = 256), then the PNGs. */
function ico(sizes) {
  const head = Buffer.alloc(6 + 16 * sizes.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(sizes.length, 4);
  let offset = head.length;
  sizes.forEach((size, i) => {
    const data = png.get(size);
    const e = 6 + 16 * i;
    head.writeUInt8(size >= 256 ? 0 : size, e);
    head.writeUInt8(size >= 256 ? 0 : size, e + 1);
    head.writeUInt16LE(1, e + 4); // colour planes
    head.writeUInt16LE(32, e + 6); // bits per pixel
    head.writeUInt32LE(data.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...sizes.map((s) => png.get(s))]);
}

/** ICNS: 'icns' + total length, then per image a 4-letter type + length (8 + data) + the PNG. */
function icns(types) {
  const chunks = types.map(([type, size]) => {
    const data = png.get(size);
    const h = Buffer.alloc(8);
    h.write(type, 0, 'ascii');
    h.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([h, data]);
  });
  const body = Buffer.concat(chunks);
  const h = Buffer.alloc(8);
  h.write('icns', 0, 'ascii');
  h.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([h, body]);
}

writeFileSync(join(dir, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256]));
// icp4 16, icp5 32, icp6 64, ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x)
writeFileSync(join(dir, 'icon.icns'), icns([['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024]]));
console.log(`icons: ${SIZES.join(', ')} px, icon.ico, icon.icns in ${dir}`);
