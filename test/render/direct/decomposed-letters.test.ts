/**
 * Decomposed letters (NFD: 'a' + U+030A COMBINING RING ABOVE for 'å', as macOS and some web forms give them) are drawn
 * and measured as the composed letter (NFC in metrics.ts drawnText, used by widthOf and embedded-font.ts), as the e-mail
 * and EHF show them.
 */
import { describe, expect, it } from 'vitest';
import { drawnText, widthOf } from '../../../main/render/pdf/direct/metrics.js';

describe('decomposed Norwegian letters in PDF text', () => {
  it('"Ha\\u030Akon Ha\\u030Aland" is drawn and measured as "Håkon Håland"', () => {
    const nfd = 'Ha\u030Akon Ha\u030Aland';
    expect(drawnText(nfd)).toBe('Håkon Håland');
    expect(widthOf(nfd, 'DejaVuSansCondensed', 10)).toBe(widthOf('Håkon Håland', 'DejaVuSansCondensed', 10));
  });
});
