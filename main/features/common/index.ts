/**
 * The common area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { countryCode, countryName, DEFAULT_COUNTRY } from './countries.js';
export { knownCurrencies, rateOn, setExchangeRate } from './exchange-rates.service.js';
