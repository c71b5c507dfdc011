import { describe, expect, test } from 'vitest';
import { BankFileError, type BankTx } from '../../main/features/bank/parse/bank-tx.js';
import { decimalToOre } from '../../main/features/bank/parse/camt.js';
import { detectFormat, readBankFile } from '../../main/features/bank/parse/detect.js';
import { camtXml } from './fixtures/camt-xml.js';
import { ocrFile } from './fixtures/ocr-records.js';

const read = (xml: string | Buffer) => {
  const f = readBankFile(Buffer.isBuffer(xml) ? xml : Buffer.from(xml));
  return { format: f.format, txs: [...f.transactions] as BankTx[] };
};
const refusal = (data: string | Buffer): BankFileError => {
  try {
    read(data);
  } catch (e) {
    if (e instanceof BankFileError) return e;
    throw e;
  }
  throw new Error('not refused');
};

describe('camt.054 and camt.053', () => {
  for (const kind of ['054', '053'] as const) {
    for (const version of ['02', '03', '04', '05', '06', '07', '08']) {
      test(`camt.${kind}.001.${version}: amount, KID, text, debtor, references, dates, credit/debit`, () => {
        const xml = camtXml(kind, version, [
          { amount: '1250.50', ref: 'A1', e2e: 'E2E-1', kid: '0000012347', name: 'Fjord Bygg AS', account: '12345678903', valueDate: '2026-03-15' },
          { amount: '99.00', ref: 'A2', text: 'Faktura 17 & 18', credit: false },
          { amount: '10', ref: 'A3', status: 'PDNG', bookingDate: '2026-03-13' },
        ]);
        const { format, txs } = read(xml);
        expect(format).toBe(kind === '054' ? 'CAMT054' : 'CAMT053');
        expect(txs).toHaveLength(3);
        expect(txs[0]).toMatchObject({
          date: '2026-03-15',
          bookingDate: '2026-03-14',
          valueDate: '2026-03-15',
          amount: 125050,
          currency: 'NOK',
          credit: true,
          booked: true,
          account: '86011117947',
          kid: '0000012347',
          reference: 'A1',
          endToEndId: 'E2E-1',
          payerName: 'Fjord Bygg AS',
          payerAccount: '12345678903',
          kind: 'PMNT/RCDT/DMCT',
          dedupKey: 'CAMT:A1',
        });
        expect(txs[1]).toMatchObject({ amount: 9900, credit: false, message: 'Faktura 17 & 18', kid: null, endToEndId: null, date: '2026-03-14' });
        expect(txs[2]).toMatchObject({ amount: 1000, booked: false, date: '2026-03-13' });
      });
    }
  }

  test('an entry with several transaction details gives one transaction each', () => {
    const xml = camtXml('054', '08', [{ amount: '30.00' }]).replace('<BkTxCd>', '<AcctSvcrRef>X</AcctSvcrRef><BkTxCd>').replace(
      /<NtryDtls>[\s\S]*<\/NtryDtls>/,
      '<NtryDtls><TxDtls><Amt Ccy="NOK">10.00</Amt><RmtInf><Strd><CdtrRefInf><Ref>1230</Ref></CdtrRefInf></Strd></RmtInf></TxDtls><TxDtls><Amt Ccy="NOK">20.00</Amt></TxDtls></NtryDtls>',
    );
    const { txs } = read(xml);
    expect(txs.map((t) => [t.amount, t.kid, t.reference])).toEqual([
      [1000, '1230', 'X#1'],
      [2000, null, 'X#2'],
    ]);
  });

  test('a transaction summary that does not agree with the entries is refused naming its line', () => {
    const ok = camtXml('054', '06', [{ amount: '1.00', ref: 'a' }, { amount: '2.50', ref: 'b' }], { summary: { count: 2, sum: '3.50' } });
    expect(read(ok).txs).toHaveLength(2);
    const wrong = camtXml('054', '06', [{ amount: '1.00', ref: 'a' }, { amount: '2.50', ref: 'b' }], { summary: { count: 2, sum: '3.51' } });
    const e = refusal(wrong);
    expect(e.code).toBe('BANK_FILE_TOTALS');
    const line = wrong.split('\n').findIndex((l) => l.includes('<TxsSummry>')) + 1;
    expect(e.params).toMatchObject({ line, what: 'sum of entries', expected: '3.51', found: '3.50' });
    expect(refusal(camtXml('054', '06', [{ amount: '1.00', ref: 'a' }], { summary: { count: 2, sum: '1.00' } })).params).toMatchObject({ what: 'number of entries', expected: 2, found: 1 });
  });

  test('XML that is not well-formed is refused with its line; a DOCTYPE/entity is never expanded', () => {
    const xml = camtXml('054', '04', [{ amount: '1.00', ref: 'a' }]);
    const broken = xml.replace('</Ntry>', '</Ntryy>');
    const e = refusal(broken);
    expect(e.code).toBe('BANK_FILE_BAD_XML');
    expect(e.params.line).toBe(broken.split('\n').findIndex((l) => l.includes('</Ntryy>')) + 1);
    const entity = camtXml('054', '04', [{ amount: '1.00', ref: 'a', text: 'T' }])
      .replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x "KIDKID">]>')
      .replace('<Ustrd>', '<Ustrd>&x;');
    const refused = refusal(entity);
    expect(refused.code).toBe('BANK_FILE_BAD_XML');
    expect(refused.message).toMatch(/^line \d+: undefined entity/);
  });

  test('an amount with more than two decimals that matter is refused', () => {
    expect(decimalToOre('12.345')).toBeNull();
    expect(decimalToOre('12.34000')).toBe(1234);
    const e = refusal(camtXml('054', '08', [{ amount: '1.005', ref: 'a' }]));
    expect(e.code).toBe('BANK_FILE_BAD_RECORD');
  });

  test('a character outside the BMP is read whole wherever the parser slices the text (16k characters a write)', () => {
    const xml = camtXml('054', '02', [
      { amount: '1.00', ref: 'a', text: 'først' },
      { amount: '2.00', ref: 'b', text: 'G-nøkkel 𝄞𝄞 ok' },
    ]);
    const second = xml.indexOf('<Ntry>', xml.indexOf('<Ntry>') + 1);
    const at = xml.indexOf('𝄞') - second; // the first character of the pair, from the second entry's start
    for (const target of [16_383, 16_384, 16_385, 2 * 16_384 - 1]) {
      // whitespace before the second entry moves its text so that a slice ends on each side of the pair and inside it
      const padded = xml.slice(0, second) + ' '.repeat(target - second - at) + xml.slice(second);
      expect(padded.indexOf('𝄞')).toBe(target);
      const { txs } = read(padded);
      expect(txs.map((t) => [t.reference, t.message])).toEqual([
        ['a', 'først'],
        ['b', 'G-nøkkel 𝄞𝄞 ok'],
      ]);
    }
  });

  test('ISO 8859-1 declared files and a UTF-8 BOM are read', () => {
    const xml = camtXml('054', '02', [{ amount: '5.00', ref: 'z', name: 'Bjørn Ås' }]).replace('UTF-8', 'ISO-8859-1');
    expect(read(Buffer.from(xml, 'latin1')).txs[0].payerName).toBe('Bjørn Ås');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(camtXml('053', '08', [{ amount: '5.00', ref: 'z', name: 'Bjørn Ås' }]))]);
    expect(read(bom).txs[0].payerName).toBe('Bjørn Ås');
  });
});

describe('format detection from the content', () => {
  test('OCR and each camt kind are told apart whatever the file is called', () => {
    expect(detectFormat(Buffer.from(ocrFile([{ no: 1, settled: '150326', amount: 1, kid: '18' }])))).toEqual({ format: 'OCR' });
    expect(detectFormat(Buffer.from(camtXml('054', '08', [])))).toEqual({ format: 'CAMT054', version: '08' });
    expect(detectFormat(Buffer.from(camtXml('053', '02', [])))).toEqual({ format: 'CAMT053', version: '02' });
  });

  test.each([
    ['a PDF', '%PDF-1.7 ...', /found "%PDF-1.7/],
    ['a pain.001', '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>', /<CstmrCdtTrfInitn> \(pain.001.001.03\)/],
    ['camt.052', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt>', /<BkToCstmrAcctRpt>/],
    ['camt.054.001.09', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.09"><BkToCstmrDbtCdtNtfctn>', /camt.054.001.09; Kvitt reads versions .001.02 to .001.08/],
    ['AvtaleGiro claims', 'NY210020000000000400008688888888888000000000000000000000000000000000000000000000', /NY000010/],
  ])('%s is refused saying what was expected and what was found', (_n, content, found) => {
    const e = refusal(content);
    expect(e.code).toBe('BANK_FILE_UNKNOWN_FORMAT');
    expect(e.params.expected).toMatch(/OCR giro .* camt.054\/camt.053/);
    expect(e.message).toMatch(found);
  });

  test('an empty file is refused as empty', () => {
    expect(refusal('  \n').code).toBe('BANK_FILE_EMPTY');
  });
});
