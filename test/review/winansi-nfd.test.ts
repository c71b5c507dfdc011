/**
 * Review of main/render/pdf/direct/winansi.ts (and metrics.ts widthOf): text is mapped to WinAnsi code point by code
 * point without Unicode normalisation, so a Norwegian letter typed or pasted in decomposed form (NFD: 'a' + U+030A
 * COMBINING RING ABOVE for 'å', as macOS file names and some web forms give it) prints as "a?" in the PDF and is
 * measured wider, while the e-mail and EHF show "å". Kvitt does not normalise input anywhere (main/ops), so the PDF
 * writer should: `text.normalize('NFC')` in pdfStringBytes and widthOf (only on the NEEDS_WORK path, so ASCII text
 * costs nothing).
 */
import { describe, expect, it } from 'vitest';
import { widthOf } from '../../main/render/pdf/direct/metrics.js';
import { pdfStringBytes } from '../../main/render/pdf/direct/winansi.js';

describe('WinAnsi text of decomposed Norwegian letters', () => {
  // was it.fails while the defect stood; fixed in winansi.ts/metrics.ts (NFC)
  it('"Ha\\u030Akon Ha\\u030Aland" is written and measured as "Håkon Håland"', () => {
    const nfd = 'Ha\u030Akon Ha\u030Aland';
    expect(pdfStringBytes(nfd)).toBe(pdfStringBytes('Håkon Håland'));
    expect(widthOf(nfd, 'Helvetica', 10)).toBe(widthOf('Håkon Håland', 'Helvetica', 10));
  });
});
