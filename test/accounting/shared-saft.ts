/** Skatteetaten's SAF-T reference files in ../shared/saft (read at test time; the repository keeps no copy). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SAFT_DIR = join(__dirname, '..', '..', '..', 'shared', 'saft');
export const SAFT_XSD = join(SAFT_DIR, 'Norwegian_SAF-T_Financial_Schema_v_1.30.xsd');

function rows(file: string, encoding: BufferEncoding): string[][] {
  return readFileSync(join(SAFT_DIR, file), encoding)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(';'));
}

/** AccountID → Norwegian description (the file is Latin-1). */
export const standardAccounts = () => new Map(rows('General_Ledger_Standard_Accounts_4_character.csv', 'latin1').map((r) => [r[0], r[1]]));
/** `category:code` pairs of the business statement. */
export const groupingPairs = () => new Set(rows('naeringsspesifikasjon.csv', 'utf8').map((r) => `${r[0]}:${r[3]}`));
/** Standard tax code → its rate text. */
export const standardTaxCodes = () => new Map(rows('Standard_Tax_Codes.csv', 'utf8').map((r) => [r[0], r[3]]));
