/**
 * Norwegian unit words agree with the count: "1 time", "2 timer", "0,5 timer" (in bokmål only exactly one takes the
 * singular). A unit the list does not know ("stk", "kg", "m²", a word of the user's own) is shown as it was typed.
 * Display only: the document keeps the unit as written (its content hash, its EHF unit code).
 */
const PAIRS: Array<[singular: string, plural: string]> = [
  ['time', 'timer'],
  ['dag', 'dager'],
  ['døgn', 'døgn'],
  ['uke', 'uker'],
  ['måned', 'måneder'],
  ['år', 'år'],
  ['minutt', 'minutter'],
  ['gang', 'ganger'],
  ['pakke', 'pakker'],
  ['eske', 'esker'],
  ['kasse', 'kasser'],
  ['sekk', 'sekker'],
  ['rull', 'ruller'],
  ['flaske', 'flasker'],
  ['person', 'personer'],
  ['deltaker', 'deltakere'],
  ['natt', 'netter'],
  ['kurs', 'kurs'],
  ['side', 'sider'],
  ['stykk', 'stykker'],
  ['lisens', 'lisenser'],
  ['abonnement', 'abonnementer'],
  ['tur', 'turer'],
];
const SINGULAR = new Map(PAIRS.map(([s, p]) => [p, s]));
const PLURAL = new Map(PAIRS.map(([s, p]) => [s, p]));

/** Keeps the case the user wrote: "Time" → "Timer", "TIME" → "TIMER". */
function sameCase(model: string, word: string): string {
  if (model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (model[0] === model[0].toUpperCase() && model[0] !== model[0].toLowerCase()) return word[0].toUpperCase() + word.slice(1);
  return word;
}

/** The unit in the number the quantity (thousandths) asks for; an unknown unit unchanged. */
export function unitForQuantity(unit: string | null | undefined, quantityMilli: number): string {
  const text = (unit ?? '').trim();
  if (!text) return '';
  const key = text.toLowerCase();
  const one = Math.abs(quantityMilli) === 1000;
  const singular = PLURAL.has(key) ? key : SINGULAR.get(key);
  if (singular === undefined) return text;
  return sameCase(text, one ? singular : PLURAL.get(singular)!);
}
