import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useGuardedNavigate } from '../../shared/unsaved.store';
import { ApiTab } from './ApiTab';
import { BackupsTab } from './BackupsTab';
import { CompanyTab } from './CompanyTab';
import { CustomFieldsTab } from './CustomFieldsTab';
import { DataTab } from './DataTab';
import { ExchangeRatesTab } from './ExchangeRatesTab';
import { InvoicingTab } from './InvoicingTab';
import { LabelsTab } from './LabelsTab';
import { UsersTab } from './UsersTab';
import { useMe } from './users.store';
import { useSettings } from './settings.store';
import { EmailTab } from '../sending/EmailTab';
import { DunningSettingsTab } from '../dunnings/DunningSettingsTab';
import { AccountingTab } from '../accounting/AccountingTab';

const TABS = [
  { value: 'company', labelKey: 'settings.tab.company', element: <CompanyTab /> },
  { value: 'invoicing', labelKey: 'settings.tab.invoicing', element: <InvoicingTab /> },
  { value: 'custom-fields', labelKey: 'settings.tab.customFields', element: <CustomFieldsTab /> },
  { value: 'labels', labelKey: 'settings.tab.labels', element: <LabelsTab /> },
  { value: 'exchange-rates', labelKey: 'settings.tab.rates', element: <ExchangeRatesTab /> },
  { value: 'email', labelKey: 'settings.tab.email', element: <EmailTab /> },
  { value: 'dunning', labelKey: 'dun.settings.tab', element: <DunningSettingsTab /> },
  { value: 'accounting', labelKey: 'acc.tab', element: <AccountingTab /> },
  { value: 'api', labelKey: 'settings.tab.api', element: <ApiTab /> },
  { value: 'backups', labelKey: 'settings.tab.backups', element: <BackupsTab /> },
  { value: 'data', labelKey: 'data.tab', element: <DataTab /> },
  // Office server users: the owner's (a bookkeeper never sees the tab; the server refuses the operations anyway).
  { value: 'users', labelKey: 'users.tab', element: <UsersTab />, ownerOnly: true },
];

function SettingsTabs() {
  const { t } = useTranslation();
  // Another tab is leaving this one: with unsaved changes the shell asks first (the same guard as the document editor).
  const guardedNavigate = useGuardedNavigate();
  const { tab } = useParams();
  const load = useSettings((s) => s.load);
  const [error, setError] = useState<string | null>(null);
  const me = useMe((s) => s.me);
  const loadMe = useMe((s) => s.load);
  useEffect(() => {
    load(true).catch((e) => setError(e instanceof Error ? e.message : String(e)));
    loadMe().catch(() => {});
  }, [load, loadMe]);
  const tabs = TABS.filter((x) => !('ownerOnly' in x) || me?.role === 'owner');
  if (tab === 'users' && !me) return null; // wait for the role before deciding
  if (!tabs.some((x) => x.value === tab)) return <Navigate to="/settings/company" replace />;
  return (
    <Stack gap="sm">
      <Title order={2}>{t('settings.title')}</Title>
      {error && <Text c="red">{error}</Text>}
      {/* Narrower tabs than Mantine's 16 px a side: all eleven stay on one row in a 1024 px window (they wrapped, and the
          underline of the open tab sat between the rows). */}
      <Tabs value={tab} onChange={(v) => v && guardedNavigate(`/settings/${v}`)} keepMounted={false} styles={{ tab: { paddingInline: 6 } }}>
        <Tabs.List mb="md">
          {tabs.map((x) => (
            <Tabs.Tab key={x.value} value={x.value} data-testid={`settings-tab-${x.value}`}>
              {t(x.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((x) => (
          <Tabs.Panel key={x.value} value={x.value}>
            {x.element}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** Innstillinger: /settings/company, /invoicing, /custom-fields, /labels, /exchange-rates, /api, /backups, /data, /users (owners). */
export function SettingsScreen() {
  return (
    <Routes>
      <Route index element={<Navigate to="company" replace />} />
      <Route path=":tab" element={<SettingsTabs />} />
    </Routes>
  );
}
