/**
 * Unicode text → the bytes of a PDF literal string in WinAnsiEncoding (Windows code page 1252), as the four standard
 * Helvetica fonts are declared (/Encoding /WinAnsiEncoding). The result is a "binary string": one char per byte
 * (0..255), written to the file with Buffer.from(s, 'latin1'). Characters WinAnsi lacks become '?'. Pure.
 */

/** cp1252's 0x80..0x9F: the Unicode code point each byte stands for (0 = unassigned). */
const HIGH_CONTROLS = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Code points above 0xFF that cp1252 has → their byte. */
const FROM_UNICODE = new Map<number, number>();
HIGH_CONTROLS.forEach((cp, i) => { if (cp) FROM_UNICODE.set(cp, 0x80 + i); });

/** Anything that is not plain printable ASCII without ( ) \, or Latin-1's printable upper half. */
const NEEDS_WORK = /[^\x20-\x27\x2a-\x5b\x5d-\x7e\xa0-\xff]/;

/** The WinAnsi byte of one code point, or '?' (0x3f) when the encoding lacks it. */
export function winAnsiByte(cp: number): number {
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return FROM_UNICODE.get(cp) ?? 0x3f;
}

/** True when every character of `text` has a WinAnsi byte. */
export function isWinAnsi(text: string): boolean {
  for (const ch of text) if (winAnsiByte(ch.codePointAt(0)!) === 0x3f && ch !== '?') return false;
  return true;
}

/** Combining diacritical marks: a letter typed or pasted decomposed (NFD: 'a' + U+030A for 'å'). */
export const COMBINING = /[\u0300-\u036f]/;

/**
 * The inside of a PDF literal string `( … )` for `text`: WinAnsi bytes, with ( ) \ escaped. Decomposed letters are
 * composed first (NFC: 'a' + U+030A prints as 'å', as metrics.ts measures it); a character outside WinAnsi (or a
 * control character) becomes '?', one per code point.
 */
export function pdfStringBytes(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  if (COMBINING.test(text)) text = text.normalize('NFC');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) { i++; cp = 0x10000; }
    }
    if (cp === 0x28 || cp === 0x29 || cp === 0x5c) out += '\\' + text[i];
    else out += String.fromCharCode(winAnsiByte(cp));
  }
  return out;
}

/**
 * A PDF text string (for the Info dictionary): a literal string when `text` is printable ASCII, else UTF-16BE with a
 * byte-order mark as a hex string, so any character survives.
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return '(' + text.replace(/[()\\]/g, '\\$&') + ')';
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex + '>';
}
