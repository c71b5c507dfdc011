import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { ListHeader, ListTabs } from '../../shared/ListParts';
import { CandidateList } from './CandidateList';
import { DunningDetail } from './DunningDetail';
import { DunningList } from './DunningList';
import { RunButton } from './RunButton';

const TABS = ['candidates', 'list'] as const;
type Tab = (typeof TABS)[number];

function DunningsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = (useParams().tab ?? 'candidates') as Tab;
  if (!TABS.includes(tab)) return <Navigate to="/dunnings" replace />;
  return (
    <Stack gap="sm" data-testid="dunnings-screen">
      <ListHeader title={t('dun.title')}>
        <RunButton />
      </ListHeader>
      <ListTabs value={tab} tabs={TABS} label={(v) => t(`dun.tab.${v}`)} onChange={(v) => navigate(v === 'candidates' ? '/dunnings' : `/dunnings/tab/${v}`)} />
      {tab === 'candidates' ? <CandidateList /> : <DunningList />}
    </Stack>
  );
}

/** Purringer: invoices ready for a reminder, the dunnings sent, one dunning. */
export function DunningsRoutes() {
  return (
    <Routes>
      <Route index element={<DunningsScreen />} />
      <Route path="tab/:tab" element={<DunningsScreen />} />
      <Route path=":number" element={<DunningDetail />} />
    </Routes>
  );
}
