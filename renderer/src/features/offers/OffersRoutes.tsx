import { Route, Routes, useParams } from 'react-router-dom';
import { DocumentEditor, type EditorRoutes } from '../documents/DocumentEditor';
import { ChainDetail } from './ChainDetail';
import { OfferList } from './OfferList';

const offerRoutes: EditorRoutes = { draft: (n) => `/offers/drafts/${n}`, issued: (n) => `/offers/${n}`, newDraft: '/offers/drafts/new', list: '/offers' };
const ocRoutes: EditorRoutes = {
  draft: (n) => `/offers/order-confirmations/drafts/${n}`,
  issued: (n) => `/offers/order-confirmations/${n}`,
  newDraft: '/offers/order-confirmations/drafts/new',
  list: '/offers',
};

function OfferDraft() {
  const n = useParams().number;
  return <DocumentEditor key={n} kind="offer" draftNumber={n && n !== 'new' ? Number(n) : null} routes={offerRoutes} />;
}

function OcDraft() {
  const n = useParams().number;
  return <DocumentEditor key={n} kind="order-confirmation" draftNumber={n && n !== 'new' ? Number(n) : null} routes={ocRoutes} />;
}

/** Tilbud og ordrebekreftelser: lists, draft editors and the issued documents. */
export function OffersRoutes() {
  return (
    <Routes>
      <Route index element={<OfferList />} />
      <Route path="drafts/:number" element={<OfferDraft />} />
      <Route path="order-confirmations/drafts/:number" element={<OcDraft />} />
      <Route path="order-confirmations/:number" element={<ChainDetail kind="order-confirmation" />} />
      <Route path=":number" element={<ChainDetail key="offer" kind="offer" />} />
    </Routes>
  );
}
