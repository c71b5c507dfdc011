import { expect, test } from 'vitest';
import '../../renderer/src/i18n/index.js';
import { localizeServiceMessage } from '../../renderer/src/i18n/service-messages.js';
import { feeRefusedText, fieldErrorText, opErrorText } from '../../renderer/src/i18n/error-messages.js';
import { formatDate } from '../../renderer/src/shared/format.js';
import { errorTexts } from '../../renderer/src/i18n/errors.i18n.js';
import { ERROR_MESSAGES, NOT_FOUND_SUBJECTS } from '../../main/ops/error-codes.js';
import { fieldError, notFound, OpError } from '../../main/ops/errors.js';
import { OP_CODES } from '../../main/ops/op-codes.js';
import { shipmentReasonText } from '../../renderer/src/i18n/error-messages.js';

test('coded field errors are worded by code and parameters, in Norwegian and in English', () => {
  const long = fieldError('name', 'TOO_LONG', { max: 42 });
  expect(fieldErrorText(long, 'nb')).toBe('kan ha høyst 42 tegn');
  expect(fieldErrorText(long, 'en')).toBe('can be at most 42 characters');
  expect(fieldErrorText(fieldError('organisation.number', 'INVALID_ORG_NUMBER'), 'nb')).toBe('er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene');
  expect(fieldErrorText(fieldError('customerNumber', 'CUSTOMER_NUMBER_TAKEN', { value: 'K-1' }), 'nb')).toBe('kundenummer K-1 er allerede i bruk');
  expect(fieldErrorText(fieldError('customFields', 'CUSTOM_FIELD_MISSING', { name: 'Bransje', number: 2 }), 'nb')).toBe('Bransje må fylles ut');
  // A bound the value must pass (exclusiveMinimum: an amount above 0) is worded as such, not as "at least 0"
  expect(fieldErrorText(fieldError('amount', 'TOO_SMALL', { min: 0, exclusive: 1 }), 'nb')).toBe('må være større enn 0');
  expect(fieldErrorText(fieldError('amount', 'TOO_SMALL', { min: 0, exclusive: 1 }), 'en')).toBe('must be more than 0');
  expect(fieldErrorText(fieldError('amount', 'TOO_SMALL', { min: 0 }), 'nb')).toBe('må være minst 0');
  expect(fieldErrorText(fieldError('rate', 'TOO_LARGE', { max: 100, exclusive: 1 }), 'nb')).toBe('må være mindre enn 100');
  // The code decides, not the English sentence: a changed English wording is still translated
  expect(fieldErrorText({ code: 'TOO_LONG', params: { max: 5 }, message: 'too long, at most 5' }, 'nb')).toBe('kan ha høyst 5 tegn');
});

test('unknown codes and INVALID fall back to the service message (through the rules kept for uncoded messages)', () => {
  expect(fieldErrorText({ code: 'SOME_NEW_CODE', message: 'something entirely new' }, 'nb')).toBe('something entirely new');
  expect(fieldErrorText({ code: 'INVALID', message: 'something entirely new' }, 'nb')).toBe('something entirely new');
  // No English sentence is read to choose a Norwegian one: an uncoded text is shown as it came, its dates as read here
  expect(localizeServiceMessage('the fee is set to 0 kr in Settings', 'nb')).toBe('the fee is set to 0 kr in Settings');
  expect(localizeServiceMessage('due 2026-03-02', 'nb')).toBe('due 02.03.2026');
  // A code whose text needs a parameter the error did not send is not worded with a hole in it
  expect(fieldErrorText({ code: 'TOO_LONG', message: 'must be at most 9 characters' }, 'en')).toBe('must be at most 9 characters');
});

test('the error as a whole: by code with its parameters, else the service message', () => {
  expect(opErrorText({ code: 'VALIDATION_ERROR', params: { fields: 'name, zip' }, message: 'Invalid input: name, zip' }, 'nb')).toBe('Ugyldige felt: name, zip');
  expect(opErrorText({ code: 'VALIDATION_ERROR', message: 'Check the dates' }, 'en')).toBe('Check the dates');
  // A NOT_FOUND without params (an older server) is shown as it came
  expect(opErrorText({ code: 'NOT_FOUND', message: 'Invoice 7 was not found' }, 'nb')).toBe('Invoice 7 was not found');
  expect(localizeServiceMessage('must be at most 42 characters', 'en')).toBe('must be at most 42 characters');
});

test('every code of the catalogue has a Norwegian and an English text, and no text names a code that does not exist', () => {
  const codes = Object.keys(ERROR_MESSAGES).filter((c) => c !== 'INVALID');
  for (const lang of ['nb', 'en'] as const) {
    const keys = Object.keys(errorTexts[lang]).filter((k) => !k.startsWith('errors.op.') && !k.startsWith('errors.notFound.'));
    // TOO_SMALL / TOO_LARGE have a second text for an exclusive bound (params.exclusive: "more than 0", not "at least 0")
    const bounds = keys.filter((k) => k.endsWith('_EXCLUSIVE')).map((k) => k.slice('errors.'.length).replace(/_EXCLUSIVE$/, ''));
    expect(bounds.sort(), lang).toEqual(['TOO_LARGE', 'TOO_SMALL']);
    const plain = keys.filter((k) => !k.endsWith('_EXCLUSIVE'));
    expect(plain.map((k) => k.slice('errors.'.length)).sort(), lang).toEqual(codes.sort());
  }
  expect(Object.keys(errorTexts.en).sort()).toEqual(Object.keys(errorTexts.nb).sort());
});

test('every entity a NOT_FOUND can name has a Norwegian and an English text, and no text names an entity that does not exist', () => {
  const entities = Object.keys(NOT_FOUND_SUBJECTS).sort();
  for (const lang of ['nb', 'en'] as const) {
    const named = Object.keys(errorTexts[lang])
      .filter((k) => k.startsWith('errors.notFound.'))
      .map((k) => k.slice('errors.notFound.'.length).replace(/\.bare$/, ''));
    expect([...new Set(named)].sort(), lang).toEqual(entities);
  }
});

test('a NOT_FOUND is worded from its params: the English message unchanged, the Norwegian text by entity', () => {
  const body = (e: ReturnType<typeof notFound>) => ({ code: e.code, message: e.message, params: e.params });
  const invoice = body(notFound('invoice', { number: 12 }));
  expect(invoice).toEqual({ code: 'NOT_FOUND', message: 'Invoice 12 was not found', params: { entity: 'invoice', number: 12 } });
  expect(opErrorText(invoice, 'nb')).toBe('Faktura 12 finnes ikke');
  expect(opErrorText(invoice, 'en')).toBe('Invoice 12 was not found');
  const payment = body(notFound('payment', { id: 3, invoice: 12 }));
  expect(payment.message).toBe('Payment 3 of invoice 12 was not found');
  expect(opErrorText(payment, 'nb')).toBe('Innbetaling 3 på faktura 12 finnes ikke');
  const pdf = body(notFound('shipment-pdf', { id: 5 }));
  expect(pdf.message).toBe('A PDF of shipment 5 was not found');
  expect(opErrorText(pdf, 'nb')).toBe('PDF-en til forsendelse 5 finnes ikke');
  const publicEvent = body(notFound('event', {}));
  expect(publicEvent).toEqual({ code: 'NOT_FOUND', message: 'Event was not found', params: { entity: 'event' } });
  expect(opErrorText(publicEvent, 'nb')).toBe('Arrangementet finnes ikke');
  expect(opErrorText(body(notFound('event', { number: 4 })), 'nb')).toBe('Arrangement 4 finnes ikke');
  expect(opErrorText(body(notFound('discount-code', { code: 'VIP', event: 4 })), 'nb')).toBe('Rabattkode VIP i arrangement 4 finnes ikke');
  expect(opErrorText(body(notFound('interest-rate', { from: '2026-01-01' })), 'nb')).toBe('Rentesats fra 01.01.2026 finnes ikke');
  // An entity this GUI does not know yet: the English message, never a hole
  expect(opErrorText({ code: 'NOT_FOUND', message: 'Gizmo 1 was not found', params: { entity: 'gizmo', number: 1 } }, 'nb')).toBe('Gizmo 1 was not found');
});

test('the converted events, sending and reports rules are worded by code in Norwegian', () => {
  expect(fieldErrorText(fieldError('endDate', 'BEFORE_EVENT_DATE'), 'nb')).toBe('kan ikke være før arrangementet starter');
  expect(fieldErrorText(fieldError('discountCodes.codes[1].code', 'DISCOUNT_CODE_TWICE', { code: 'VIP' }), 'nb')).toBe('VIP står to ganger');
  expect(fieldErrorText(fieldError('participantLimit', 'LIMIT_BELOW_SEATS_TAKEN', { taken: 7 }), 'nb')).toBe('7 deltakere har plass; grensen kan ikke være lavere');
  expect(fieldErrorText(fieldError('format', 'FORMAT_NOT_OFFERED', { allowed: 'XLS, CSV', format: 'PDF' }), 'nb')).toBe('rapporten finnes som XLS, CSV, ikke PDF');
  expect(fieldErrorText(fieldError('from', 'PDF_TOO_MANY_DOCUMENTS', { count: 600, max: 500 }), 'nb')).toBe('utvalget har 600 dokumenter; én PDF kan ha høyst 500');
  expect(fieldErrorText(fieldError('sending.smtp.host', 'SET_UP_SMTP_FIRST'), 'nb')).toBe('sett opp e-postserveren (SMTP) først');
  // The English API messages stay as they were
  expect(fieldError('endDate', 'BEFORE_EVENT_DATE').message).toBe('must not be before the date of the event');
  expect(fieldError('format', 'FORMAT_REQUIRED', { allowed: 'XLS, CSV' }).message).toBe('is required: one of XLS, CSV');
  expect(fieldError('to', 'REQUIRED_WITH_REPORTS', { alias: 'end' }).message).toBe('is required when reports is given (also accepted as end)');
  expect(fieldError('from', 'REQUIRED_WITH_REPORTS', {}).message).toBe('is required when reports is given');
});

test('a dunning without a fee says why by its code; a CONFLICT by its coded fields', () => {
  const d = { feeRefusedReason: 'a fee needs a new deadline of at least 14 days; 2026-03-20 gives 10', feeRefused: { code: 'FEE_DEADLINE_TOO_SHORT', params: { days: 14, deadline: '2026-03-20', given: 10 } } };
  expect(feeRefusedText(d, 'nb')).toBe('gebyr krever minst 14 dagers ny frist; 20.03.2026 gir 10');
  expect(feeRefusedText(d, 'en')).toBe(`a fee needs a new deadline of at least 14 days; ${formatDate('2026-03-20', 'en')} gives 10`);
  // An old dunning whose sentence could not be read into a code: as it came
  expect(feeRefusedText({ feeRefusedReason: 'some older sentence', feeRefused: null }, 'nb')).toBe('some older sentence');
  expect(feeRefusedText({ feeRefusedReason: null, feeRefused: null }, 'nb')).toBe('');
  const taken = { code: 'CONFLICT', message: 'Customer number already in use', fields: [fieldError('customerNumber', 'CUSTOMER_NUMBER_TAKEN', { value: 'K-1' })] };
  expect(opErrorText(taken, 'nb')).toBe('Kundenummer K-1 er allerede i bruk');
});

test("an outbox row's reason: by lastErrorCode, else its text", () => {
  const waiting = { lastError: 'no SMTP server is set up (Innstillinger → E-post)', lastErrorCode: 'SMTP_NOT_SET_UP', lastErrorParams: null };
  expect(shipmentReasonText(waiting, 'nb')).toBe('ingen e-postserver (SMTP) er satt opp (Innstillinger → E-post)');
  expect(shipmentReasonText(waiting, 'en')).toBe('no mail server (SMTP) is set up (Settings → E-mail)');
  const refused = { lastError: '550 5.1.1 no such user', lastErrorCode: 'MAIL_SERVER_REFUSED', lastErrorParams: { reason: '550 5.1.1 no such user' } };
  expect(shipmentReasonText(refused, 'nb')).toBe('e-postserveren avviste meldingen: 550 5.1.1 no such user');
  expect(shipmentReasonText({ lastError: 'something odd', lastErrorCode: null, lastErrorParams: null }, 'nb')).toBe('something odd');
  expect(shipmentReasonText({ lastError: null }, 'nb')).toBe('');
});

test('every whole-error code of the catalogue has a Norwegian and an English text, and no text names a code that is not in it', () => {
  // NOT_FOUND is worded by what it names (errors.notFound.<entity>), never by one text for all.
  const codes = Object.keys(OP_CODES).filter((c) => c !== 'NOT_FOUND').sort();
  for (const lang of ['nb', 'en'] as const) {
    const keys = Object.keys(errorTexts[lang]).filter((k) => k.startsWith('errors.op.')).map((k) => k.slice('errors.op.'.length));
    expect(keys.sort(), lang).toEqual(codes);
  }
  // Worded from the params the service sends, in Norwegian, whatever the English message says.
  const matched = new OpError('ALREADY_MATCHED', 'Bank transaction 7 is already matched; unmatch it first', [], { id: 7 });
  expect(opErrorText({ code: matched.code, message: 'whatever', params: matched.params }, 'nb')).toBe('Banktransaksjon 7 er allerede avstemt mot en faktura; angre avstemmingen først');
  expect(opErrorText({ code: 'CONFLICT', message: 'UNIQUE constraint failed: recipients.customer_number', fields: [] }, 'nb')).toBe(
    'Endringen kolliderer med noe som allerede er lagret; last siden på nytt og prøv igjen',
  );
});
