import { Route, Routes } from 'react-router-dom';
import { ProductForm } from './ProductForm';
import { ProductList } from './ProductList';

/** Produkter: the list and the form (new or existing). */
export function ProductsRoutes() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path=":number" element={<ProductForm />} />
    </Routes>
  );
}
