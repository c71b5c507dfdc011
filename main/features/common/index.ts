/**
 * The common area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { countryCode, countryName, DEFAULT_COUNTRY } from './countries.js';
export { knownCurrencies, rateOn, setExchangeRate } from './exchange-rates.service.js';
