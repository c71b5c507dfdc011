import { defineOp, listResult, noContent } from '../../ops/define.js';
import { createdOneOrMany, oneOrMany, OneOrManyBody } from '../../ops/one-or-many.js';
import { NumberParam } from '../../ops/schemas.js';
import { CreatedOneOrMany, ListOf, NoContentOf } from '../../ops/output.js';
import { ProductInput, ProductListQuery, ProductView } from './products.schema.js';
import { createProducts, deleteProduct, getProduct, listProducts, updateProduct } from './products.service.js';

const MAX_BATCH = 10_000;

export const productOps = [
  defineOp({
    name: 'products.create',
    method: 'POST',
    path: '/products/',
    summary: 'Create one product (201 + Location) or a batch (201 + array of links); a batch is all or nothing; a taken code is 409',
    body: OneOrManyBody(ProductInput, { max: MAX_BATCH, description: 'A product or an array of products' }),
    output: CreatedOneOrMany(ProductView),
    run: async ({ body }, ctx) => {
      const { items, batch } = oneOrMany(ProductInput, body, { max: MAX_BATCH, noun: 'product' });
      const numbers = await createProducts(ctx, items, batch);
      return createdOneOrMany(numbers, batch, (n) => `/products/${n}`, (n) => getProduct(ctx, n));
    },
  }),
  defineOp({
    name: 'products.list',
    method: 'GET',
    path: '/products/',
    summary: 'Products sorted by code; q searches code and description; paged with perPage/page',
    query: ProductListQuery,
    output: ListOf(ProductView),
    run: ({ query }, ctx) => listResult(query, (limit, offset) => listProducts(ctx, query.q, limit, offset)),
  }),
  defineOp({
    name: 'products.get',
    method: 'GET',
    path: '/products/{number}',
    summary: 'One product',
    params: NumberParam,
    output: ProductView,
    run: ({ params }, ctx) => getProduct(ctx, params.number),
  }),
  defineOp({
    name: 'products.update',
    method: 'PUT',
    path: '/products/{number}',
    summary: 'Replace a product (documents keep their own copy of the line)',
    params: NumberParam,
    body: ProductInput,
    output: ProductView,
    run: ({ params, body }, ctx) => updateProduct(ctx, params.number, body),
  }),
  defineOp({
    name: 'products.delete',
    method: 'DELETE',
    path: '/products/{number}',
    summary: 'Delete a product (documents keep their own copy of the line)',
    params: NumberParam,
    output: NoContentOf(),
    run: async ({ params }, ctx) => {
      await deleteProduct(ctx, params.number);
      return noContent();
    },
  }),
];
