import { expect, test } from 'vitest';
import '../../renderer/src/i18n/index.js';
import { localizeServiceMessage } from '../../renderer/src/i18n/service-messages.js';
import { fieldErrorText, opErrorText } from '../../renderer/src/i18n/error-messages.js';
import { errorTexts } from '../../renderer/src/i18n/errors.i18n.js';
import { ERROR_MESSAGES } from '../../main/ops/error-codes.js';
import { fieldError } from '../../main/ops/errors.js';

test('coded field errors are worded by code and parameters, in Norwegian and in English', () => {
  const long = fieldError('name', 'TOO_LONG', { max: 42 });
  expect(fieldErrorText(long, 'nb')).toBe('kan ha høyst 42 tegn');
  expect(fieldErrorText(long, 'en')).toBe('can be at most 42 characters');
  expect(fieldErrorText(fieldError('organisation.number', 'INVALID_ORG_NUMBER'), 'nb')).toBe('er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene');
  expect(fieldErrorText(fieldError('customerNumber', 'CUSTOMER_NUMBER_TAKEN', { value: 'K-1' }), 'nb')).toBe('kundenummer K-1 er allerede i bruk');
  expect(fieldErrorText(fieldError('customFields', 'CUSTOM_FIELD_MISSING', { name: 'Bransje', number: 2 }), 'nb')).toBe('Bransje må fylles ut');
  // The code decides, not the English sentence: a changed English wording is still translated
  expect(fieldErrorText({ code: 'TOO_LONG', params: { max: 5 }, message: 'too long, at most 5' }, 'nb')).toBe('kan ha høyst 5 tegn');
});

test('unknown codes and INVALID fall back to the service message (through the rules kept for uncoded messages)', () => {
  expect(fieldErrorText({ code: 'SOME_NEW_CODE', message: 'something entirely new' }, 'nb')).toBe('something entirely new');
  expect(fieldErrorText({ code: 'INVALID', message: 'must not be before the date of the event' }, 'nb')).toBe('kan ikke være før arrangementet starter');
  expect(fieldErrorText({ message: 'must be an e-mail address' }, 'nb')).toBe('må være en e-postadresse');
  // A code whose text needs a parameter the error did not send is not worded with a hole in it
  expect(fieldErrorText({ code: 'TOO_LONG', message: 'must be at most 9 characters' }, 'en')).toBe('must be at most 9 characters');
});

test('the error as a whole: by code with its parameters, else the service message', () => {
  expect(opErrorText({ code: 'VALIDATION_ERROR', params: { fields: 'name, zip' }, message: 'Invalid input: name, zip' }, 'nb')).toBe('Ugyldige felt: name, zip');
  expect(opErrorText({ code: 'VALIDATION_ERROR', message: 'Check the dates' }, 'en')).toBe('Check the dates');
  expect(opErrorText({ code: 'NOT_FOUND', message: 'Invoice 7 was not found' }, 'nb')).toBe('Faktura 7 finnes ikke');
  expect(localizeServiceMessage('must be at most 42 characters', 'en')).toBe('must be at most 42 characters');
});

test('every code of the catalogue has a Norwegian and an English text, and no text names a code that does not exist', () => {
  const codes = Object.keys(ERROR_MESSAGES).filter((c) => c !== 'INVALID');
  for (const lang of ['nb', 'en'] as const) {
    const keys = Object.keys(errorTexts[lang]).filter((k) => !k.startsWith('errors.op.'));
    expect(keys.map((k) => k.slice('errors.'.length)).sort(), lang).toEqual(codes.sort());
  }
  expect(Object.keys(errorTexts.en).sort()).toEqual(Object.keys(errorTexts.nb).sort());
});
