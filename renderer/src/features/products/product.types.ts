import type { OutputOf } from '../../api/op-types';

/** A product as products.get / products.list answer: the service's own type (erased at build time). */
export type Product = Omit<OutputOf<'products.get'>, '_links'>;
