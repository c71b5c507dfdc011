/**
 * Decomposed Norwegian letters (NFD: 'a' + U+030A COMBINING RING ABOVE for 'å', as macOS and some web forms give them)
 * are written and measured as the composed letter (NFC in winansi.ts pdfStringBytes and metrics.ts widthOf), as the
 * e-mail and EHF show them; before, the PDF printed "a?" and measured it wider.
 */
import { describe, expect, it } from 'vitest';
import { widthOf } from '../../../main/render/pdf/direct/metrics.js';
import { pdfStringBytes } from '../../../main/render/pdf/direct/winansi.js';

describe('WinAnsi text of decomposed Norwegian letters', () => {
  it('"Ha\\u030Akon Ha\\u030Aland" is written and measured as "Håkon Håland"', () => {
    const nfd = 'Ha\u030Akon Ha\u030Aland';
    expect(pdfStringBytes(nfd)).toBe(pdfStringBytes('Håkon Håland'));
    expect(widthOf(nfd, 'Helvetica', 10)).toBe(widthOf('Håkon Håland', 'Helvetica', 10));
  });
});
