import { Route, Routes, useParams } from 'react-router-dom';
import { RecipientDetailScreen } from './RecipientDetailScreen';
import { RecipientFormScreen } from './RecipientFormScreen';
import { RecipientListScreen } from './RecipientListScreen';

function EditRoute() {
  const { number } = useParams();
  return <RecipientFormScreen key={`edit-${number}`} />;
}

/** Kunder: /recipients (list), /recipients/new, /recipients/:number, /recipients/:number/edit. */
export function RecipientsScreen() {
  return (
    <Routes>
      <Route index element={<RecipientListScreen />} />
      <Route path="new" element={<RecipientFormScreen key="new" />} />
      <Route path=":number" element={<RecipientDetailScreen />} />
      <Route path=":number/edit" element={<EditRoute />} />
    </Routes>
  );
}
