import { Route, Routes } from 'react-router-dom';
import { RecurringForm } from './RecurringForm';
import { RecurringList } from './RecurringList';

/** Faste fakturaer: the list and one series (new or existing). */
export function RecurringRoutes() {
  return (
    <Routes>
      <Route index element={<RecurringList />} />
      <Route path=":number" element={<RecurringForm />} />
    </Routes>
  );
}
