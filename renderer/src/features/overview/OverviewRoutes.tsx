import { Route, Routes } from 'react-router-dom';
import { OverviewList } from './OverviewList';
import { OverviewScreen } from './OverviewScreen';

/** Oversikt: the dashboard and the list behind each of its items. */
export function OverviewRoutes() {
  return (
    <Routes>
      <Route index element={<OverviewScreen />} />
      <Route path="list" element={<OverviewList />} />
    </Routes>
  );
}
