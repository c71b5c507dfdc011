import { Type } from '@sinclair/typebox';
import { created, defineOp, listResult, noContent } from '../../ops/define.js';
import { validationError, type FieldError } from '../../ops/errors.js';
import { NumberParam } from '../../ops/schemas.js';
import { checkSchema } from '../../ops/validate.js';
import { ProductInput, ProductListQuery } from './products.schema.js';
import { createProducts, deleteProduct, getProduct, listProducts, updateProduct } from './products.service.js';

const MAX_BATCH = 10_000;

function parseProductBody(body: unknown): { items: ProductInput[]; batch: boolean } {
  if (Array.isArray(body)) {
    if (body.length === 0) throw validationError([{ field: '(body)', message: 'must contain at least one product' }]);
    if (body.length > MAX_BATCH) throw validationError([{ field: '(body)', message: `at most ${MAX_BATCH} products per batch` }]);
    const fields: FieldError[] = [];
    body.forEach((item, i) => fields.push(...checkSchema(ProductInput, item, { prefix: `[${i}]` })));
    if (fields.length) throw validationError(fields);
    return { items: body as ProductInput[], batch: true };
  }
  if (body === null || typeof body !== 'object') throw validationError([{ field: '(body)', message: 'must be a product object or an array of them' }]);
  const fields = checkSchema(ProductInput, body);
  if (fields.length) throw validationError(fields);
  return { items: [body as ProductInput], batch: false };
}

export const productOps = [
  defineOp({
    name: 'products.create',
    method: 'POST',
    path: '/products/',
    summary: 'Create one product (201 + Location) or a batch (201 + array of links); a batch is all or nothing; a taken code is 409',
    body: Type.Unknown({ description: 'A product or an array of products' }),
    run: async ({ body }, ctx) => {
      const { items, batch } = parseProductBody(body);
      const numbers = await createProducts(ctx, items, batch);
      if (batch) return created(null, undefined, numbers.map((n) => `/products/${n}`));
      return created(`/products/${numbers[0]}`, await getProduct(ctx, numbers[0]));
    },
  }),
  defineOp({
    name: 'products.list',
    method: 'GET',
    path: '/products/',
    summary: 'Products sorted by code; q searches code and description; paged with perPage/page',
    query: ProductListQuery,
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listProducts(ctx, query.q, limit, offset)),
  }),
  defineOp({
    name: 'products.get',
    method: 'GET',
    path: '/products/{number}',
    summary: 'One product',
    params: NumberParam,
    run: ({ params }, ctx) => getProduct(ctx, params.number),
  }),
  defineOp({
    name: 'products.update',
    method: 'PUT',
    path: '/products/{number}',
    summary: 'Replace a product (documents keep their own copy of the line)',
    params: NumberParam,
    body: ProductInput,
    run: ({ params, body }, ctx) => updateProduct(ctx, params.number, body),
  }),
  defineOp({
    name: 'products.delete',
    method: 'DELETE',
    path: '/products/{number}',
    summary: 'Delete a product (documents keep their own copy of the line)',
    params: NumberParam,
    run: async ({ params }, ctx) => {
      await deleteProduct(ctx, params.number);
      return noContent();
    },
  }),
];
