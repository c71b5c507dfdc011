/**
 * Customer CSV files as Norwegian programs save them, byte for byte (written here with iconv-lite): the encoding is found
 * and named, æøå arrive intact, `;` and `,` separate, Excel's quoting holds; a file whose text does not decode cleanly is
 * not parsed, and reads right once the person chooses its encoding.
 */
import iconv from 'iconv-lite';
import { describe, expect, test } from 'vitest';
import { decodeCsv } from '../../renderer/src/features/recipients/csvEncoding';
import { parseRecipientCsv } from '../../renderer/src/features/recipients/csvImport';

const SEMI = 'Navn;Postnr;Poststed;Adresse\r\nBlåbær Kafé AS;0150;OSLO;"Strandveien 1; bakgården"\r\n"Fjord ""Bygg"" AS";5003;BERGEN;"Linje 1\r\nLinje 2"\r\nÆrlig Øst & Søn;9008;TROMSØ;Storgata 3\r\n';
const COMMA = SEMI.replace(/;/g, ',');

const bytes = (text: string, enc: string, bom = false) => new Uint8Array(iconv.encode(text, enc, { addBOM: bom }));

function names(text: string) {
  const p = parseRecipientCsv(text);
  expect(p.problems).toEqual([]);
  return { names: p.rows.map((r) => r.name), delimiter: p.delimiter, addresses: p.rows.map((r) => r.address1) };
}

describe('the encoding is found and named; the text arrives intact', () => {
  test.each([
    ['UTF-8', 'utf8', false, 'UTF-8', false],
    ['UTF-8 with BOM (Excel "CSV UTF-8")', 'utf8', true, 'UTF-8', true],
    ['UTF-16 LE with BOM (Excel "Unicode text")', 'utf16le', true, 'UTF-16LE', true],
    ['UTF-16 BE with BOM', 'utf16be', true, 'UTF-16BE', true],
    ['Windows-1252 (Norwegian Excel "CSV (semikolonseparert)")', 'windows-1252', false, 'windows-1252', false],
    ['ISO-8859-1', 'iso-8859-1', false, 'windows-1252', false],
  ])('%s', (_name, enc, bom, encoding, hasBom) => {
    for (const [text, delimiter] of [[SEMI, ';'], [COMMA, ',']] as const) {
      const d = decodeCsv(bytes(text, enc, bom));
      expect(d.problem).toBeNull();
      expect(d.encoding).toBe(encoding);
      expect(d.bom).toBe(hasBom);
      const got = names(d.text);
      expect(got.delimiter).toBe(delimiter);
      expect(got.names).toEqual(['Blåbær Kafé AS', 'Fjord "Bygg" AS', 'Ærlig Øst & Søn']);
      expect(got.addresses[0]).toBe(`Strandveien 1${delimiter} bakgården`);
      expect(got.addresses[1]).toBe('Linje 1\r\nLinje 2');
    }
  });
});

describe('text that does not decode cleanly is refused, and the person is asked', () => {
  test('UTF-16 LE without a byte-order mark: refused (NUL characters), clean once UTF-16LE is chosen', () => {
    const b = bytes(SEMI, 'utf16le');
    const d = decodeCsv(b);
    expect(d.problem?.kind).toBe('control-characters');
    expect(d.problem?.detail).toMatch(/^U\+0000 on line 1$/);
    const chosen = decodeCsv(b, 'UTF-16LE');
    expect(chosen.problem).toBeNull();
    expect(names(chosen.text).names[0]).toBe('Blåbær Kafé AS');
  });

  test('bytes Windows-1252 does not define (0x81, 0x8D) are not read as text', () => {
    const b = new Uint8Array([...bytes('Navn;Postnr;Poststed\r\nKaf', 'windows-1252'), 0x81, 0x8d, ...bytes(';0150;OSLO\r\n', 'windows-1252')]);
    const d = decodeCsv(b);
    expect(d.problem).not.toBeNull();
    expect(decodeCsv(b, 'windows-1252').problem?.kind).toBe('control-characters');
  });

  test('a Windows-1252 file chosen as UTF-8 is refused as not valid UTF-8 (never "Bl\uFFFDb\uFFFDr")', () => {
    const d = decodeCsv(bytes(SEMI, 'windows-1252'), 'UTF-8');
    expect(d.problem?.kind).toBe('undecodable');
    expect(d.text).not.toContain('\uFFFD');
  });
});
