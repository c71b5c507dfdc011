import { describe, expect, test } from 'vitest';
import { internationalOf, internationalShape } from '../../main/features/documents/core.js';

describe('the international block: one builder for issuing and for drafts', () => {
  test('BIC and IBAN as set; VAT number only for a VAT-registered company with an org number', () => {
    const c = { bic: 'DNBANOKK', iban: 'NO9386011117947', bankAccount: '86011117947', orgNumber: '923609016', vatRegistered: true };
    expect(internationalOf(c)).toEqual({ bic: 'DNBANOKK', iban: 'NO9386011117947', vatNumber: 'NO923609016MVA' });
    expect(internationalOf({ ...c, vatRegistered: false }).vatNumber).toBeNull();
    expect(internationalOf({ ...c, orgNumber: null }).vatNumber).toBeNull();
    // Stored settings written before vatRegistered existed count as registered (the default), as issuing does.
    expect(internationalOf({ bic: 'DNBANOKK', orgNumber: '923609016' }).vatNumber).toBe('NO923609016MVA');
  });

  test('no IBAN set: derived from the bank account; no BIC: null; key order fixed (content hash)', () => {
    const b = internationalOf({ bankAccount: '8601.11.17947', orgNumber: null, vatRegistered: true });
    expect(b).toEqual({ bic: null, iban: 'NO9386011117947', vatNumber: null });
    expect(Object.keys(b)).toEqual(['bic', 'iban', 'vatNumber']);
  });

  test('the API shape: null in NOK; an issued document answers its frozen block, a draft the current one', () => {
    const live = { bic: 'NEW', iban: null, vatNumber: null };
    expect(internationalShape({ currency: 'NOK', international: null, exchange_rate_micro: 1_000_000 }, live)).toBeNull();
    const frozen = JSON.stringify({ bic: 'OLD', iban: 'NO9386011117947', vatNumber: 'NO923609016MVA' });
    expect(internationalShape({ currency: 'EUR', international: frozen, exchange_rate_micro: 11_500_000 }, live)).toEqual({
      bic: 'OLD',
      iban: 'NO9386011117947',
      vatNumber: 'NO923609016MVA',
      exchangeRate: 11.5,
    });
    expect(internationalShape({ currency: 'EUR', international: null, exchange_rate_micro: 11_700_000 }, live)).toEqual({ bic: 'NEW', iban: null, vatNumber: null, exchangeRate: 11.7 });
  });
});
