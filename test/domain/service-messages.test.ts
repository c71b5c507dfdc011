import { expect, test } from 'vitest';
import { localizeServiceMessage } from '../../renderer/src/i18n/service-messages.js';

test('service messages are shown in Norwegian in the nb GUI, unknown ones unchanged', () => {
  expect(localizeServiceMessage('must be at most 42 characters', 'nb')).toBe('kan ha høyst 42 tegn');
  expect(localizeServiceMessage('must be a valid Norwegian organisation number (9 digits, MOD11)', 'nb')).toBe(
    'er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene',
  );
  expect(localizeServiceMessage('customer number K-1 is taken', 'nb')).toBe('kundenummer K-1 er allerede i bruk');
  expect(localizeServiceMessage('Bransje is required', 'nb')).toBe('Bransje må fylles ut');
  expect(localizeServiceMessage('something entirely new', 'nb')).toBe('something entirely new');
  expect(localizeServiceMessage('must be at most 42 characters', 'en')).toBe('must be at most 42 characters');
});
