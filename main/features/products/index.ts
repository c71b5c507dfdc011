/**
 * The products area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { type ProductInput, TaxRate, VatCategoryInput } from './products.schema.js';
export { createProducts, productsByCode } from './products.service.js';
