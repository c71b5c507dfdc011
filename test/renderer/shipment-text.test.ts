/**
 * A shipment's line in the sending history and in Utboks, in the GUI's language: the Norwegian the service stored
 * ("Faktura 10002 sendt på e-post") said for the shipment's status, in bokmål as before and in English when chosen.
 */
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../renderer/src/i18n';
import { shipmentText } from '../../renderer/src/shared/shipment-text';

afterAll(async () => {
  await i18n.changeLanguage('nb');
});

describe('shipmentText', () => {
  it('bokmål: the stored text, waiting, failed and short', async () => {
    await i18n.changeLanguage('nb');
    expect(shipmentText('Faktura 10002 sendt på e-post', 'DELIVERED')).toBe('Faktura 10002 sendt på e-post');
    expect(shipmentText('Faktura 10002 sendt på e-post', 'IN_PROGRESS')).toBe('Faktura 10002 venter på å bli sendt på e-post');
    expect(shipmentText('Purring 1 sendt i posten', 'NOT_DELIVERED')).toBe('Purring 1 ble ikke sendt i posten');
    expect(shipmentText('Kopi av kreditnota 7 sendt på e-post', 'IN_PROGRESS', { short: true })).toBe('Kopi av kreditnota 7 på e-post');
    expect(shipmentText('Tilbud 3 sendt som EHF', 'DELIVERED', { short: true })).toBe('Tilbud 3 sendt som EHF');
    expect(shipmentText('SMS om faktura 12 sendt', 'DELIVERED')).toBe('SMS om faktura 12 sendt');
    expect(shipmentText('SMS til 91234567', 'NOT_DELIVERED')).toBe('SMS til 91234567');
  });

  it('English: every part said in English; an event mail keeps its (Norwegian) subject', async () => {
    await i18n.changeLanguage('en');
    expect(shipmentText('Faktura 10002 sendt på e-post', 'IN_PROGRESS')).toBe('Invoice 10002 waiting to be sent by e-mail');
    expect(shipmentText('Purring 1 sendt i posten', 'NOT_DELIVERED')).toBe('Reminder 1 was not sent by post');
    expect(shipmentText('Kopi av kreditnota 7 sendt på e-post', 'DELIVERED')).toBe('Copy of credit note 7 sent by e-mail');
    expect(shipmentText('Inkassovarsel 4 sendt på e-post', 'IN_PROGRESS', { short: true })).toBe('Debt collection notice 4 by e-mail');
    expect(shipmentText('Ordrebekreftelse 2 sendt som EHF', 'DELIVERED')).toBe('Order confirmation 2 sent as EHF');
    expect(shipmentText('SMS om rentenota 5 sendt', 'DELIVERED')).toBe('SMS about interest note 5 sent');
    expect(shipmentText('SMS sendt til 91234567', 'DELIVERED')).toBe('SMS sent to 91234567');
    expect(shipmentText('Påmelding: Regnskapskurs sendt på e-post', 'DELIVERED')).toBe('Påmelding: Regnskapskurs sent by e-mail');
  });
});
