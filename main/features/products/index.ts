/**
 * The products area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { type ProductInput, TaxRate, VatCategoryInput } from './products.schema.js';
export { createProducts, productsByCode } from './products.service.js';
