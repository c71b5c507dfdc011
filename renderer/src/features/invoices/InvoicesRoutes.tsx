import { Route, Routes, useParams } from 'react-router-dom';
import { DocumentEditor, type EditorRoutes } from '../documents/DocumentEditor';
import { CreditNoteDetail } from './CreditNoteDetail';
import { InvoiceDetail } from './InvoiceDetail';
import { InvoiceList } from './InvoiceList';

const invoiceRoutes: EditorRoutes = {
  draft: (n) => `/invoices/drafts/${n}`,
  issued: (n) => `/invoices/${n}`,
  newDraft: '/invoices/drafts/new',
  list: '/invoices',
};

const creditRoutes: EditorRoutes = { ...invoiceRoutes, issued: (n) => `/invoices/credit-notes/${n}` };

function DraftEditor() {
  const n = useParams().number;
  const number = n && n !== 'new' ? Number(n) : null;
  return <DocumentEditor key={n} kind="invoice" draftNumber={number} routes={invoiceRoutes} creditRoutes={creditRoutes} />;
}

/** Fakturaer: the list, the draft editor, invoice and credit note details. */
export function InvoicesRoutes() {
  return (
    <Routes>
      <Route index element={<InvoiceList />} />
      <Route path="drafts/:number" element={<DraftEditor />} />
      <Route path="credit-notes/:number" element={<CreditNoteDetail />} />
      <Route path=":number" element={<InvoiceDetail />} />
    </Routes>
  );
}
