/** The word scan itself: it finds what it is for, and leaves alone what is not (so a green scan means something). */
import { describe, expect, it } from 'vitest';
import { ENGLISH_ONLY, foreignWords, NORWEGIAN_ONLY, norwegianWords } from './scan.js';

describe('the word scan', () => {
  it('learns each language from the GUI text files: words only one language uses', () => {
    for (const w of ['lagre', 'avbryt', 'kunder', 'forfalt']) expect(NORWEGIAN_ONLY.has(w), w).toBe(true);
    for (const w of ['save', 'cancel', 'customers', 'overdue']) expect(ENGLISH_ONLY.has(w), w).toBe(true);
    // Both languages write "Status", "Bank", "Send": no signal either way.
    for (const w of ['status', 'bank', 'send']) expect(NORWEGIAN_ONLY.has(w) || ENGLISH_ONLY.has(w), w).toBe(false);
  });

  it('Norwegian text: ISO dates, codes, English words and developer text are found; Norwegian is not', () => {
    expect(foreignWords('Forfall 15.11.2026, kr 1 250,00. Lagre eller avbryt.')).toEqual([]);
    const found = foreignWords('Due 2026-11-15: SMTP_NOT_SET_UP, Save, POST /invoices');
    expect(found.map((f) => /^[^"]+"[^"]+"/.exec(f)![0]).sort()).toEqual(['English "Save"', 'English "invoices"', 'ISO date "2026-11-15"', 'code "SMTP_NOT_SET_UP"', 'developer text "POST /"']);
  });

  it('English text: Norwegian GUI words are found, not names, addresses or file names', () => {
    expect(norwegianWords('Save or cancel. Customer post@fjordbygg.no, file kunder.csv')).toEqual([]);
    const found = norwegianWords('Invoice 10002 · Lagre · Forfalt 2026-11-15');
    expect(found.map((f) => f.split(' "')[0]).sort()).toEqual(['ISO date', 'Norwegian', 'Norwegian']);
  });
});
