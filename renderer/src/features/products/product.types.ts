import type { ProductView } from '../../../../main/features/products/products.schema';

/** A product as products.get / products.list answer: the service's own type (erased at build time). */
export type Product = Omit<ProductView, '_links'>;
