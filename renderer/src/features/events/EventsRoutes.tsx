import { Route, Routes } from 'react-router-dom';
import { EventDetail } from './EventDetail';
import { EventFormScreen } from './EventFormScreen';
import { EventList } from './EventList';

/** Arrangementer: the list, a new event, one event with its participants, and its form. */
export function EventsRoutes() {
  return (
    <Routes>
      <Route index element={<EventList />} />
      <Route path="new" element={<EventFormScreen />} />
      <Route path=":number" element={<EventDetail />} />
      <Route path=":number/edit" element={<EventFormScreen />} />
    </Routes>
  );
}
