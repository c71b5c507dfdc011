import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { ListHeader, ListTabs } from '../../shared/ListParts';
import { BankFileDetail, BankFileList } from './BankFileList';
import { ImportPanel } from './ImportPanel';
import { TransactionList } from './TransactionList';

const TABS = ['unmatched', 'matched', 'ignored', 'files'] as const;
type Tab = (typeof TABS)[number];
const STATUS = { unmatched: 'UNMATCHED', matched: 'MATCHED', ignored: 'IGNORED' } as const;

function BankScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = (useParams().tab ?? 'unmatched') as Tab;
  if (!TABS.includes(tab)) return <Navigate to="/bank" replace />;
  const go = (v: Tab) => navigate(v === 'unmatched' ? '/bank' : `/bank/tab/${v}`);
  return (
    <Stack gap="sm" data-testid="bank-screen">
      <ListHeader title={t('bank.title')}>{null}</ListHeader>
      <ImportPanel onShowUnmatched={() => go('unmatched')} />
      <ListTabs value={tab} tabs={TABS} label={(v) => t(`bank.tab.${v}`)} onChange={go} />
      {tab === 'files' ? <BankFileList /> : <TransactionList status={STATUS[tab]} />}
    </Stack>
  );
}

/** Bank: import OCR giro and camt files, see what matched, match the rest by hand (issue 25). */
export function BankRoutes() {
  return (
    <Routes>
      <Route index element={<BankScreen />} />
      <Route path="tab/:tab" element={<BankScreen />} />
      <Route path="files/:id" element={<BankFileDetail />} />
    </Routes>
  );
}
