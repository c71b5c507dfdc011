import { AppShell, Button, Group, NavLink, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router-dom';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { call } from '../api/client';
import { setServiceToday } from '../shared/money';
import { setLanguage } from '../i18n';
import { navItems, routes } from './routes';
import { UnsavedDialog } from './UnsavedDialog';
import { rememberShown, useGuardedNavigate, useUnsaved } from '../shared/unsaved.store';
import { StartRoute, FirstDayButton } from '../features/first-day/StartRoute';

let addressesDrawn = 0;

export function App() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const go = useGuardedNavigate();
  useEffect(() => {
    call('common.info')
      .then((info) => setServiceToday(info.today))
      .catch(() => undefined); // the local date stays the fallback
  }, []);
  useEffect(rememberShown, [location]);
  // A new number for every address the router takes (typed, a link, back/forward, a redirect): location is a new object each time.
  const drawn = useMemo(() => ++addressesDrawn, [location]);
  useHotkeys(navItems.filter((n) => n.key).map((n) => [`alt+${n.key}`, () => go(n.to)]));
  // A small window (under 1200 px) keeps the menu to its icons, so the lists' columns fit beside it; the header names
  // the current screen and each icon's tooltip its name.
  const small = useMediaQuery('(max-width: 1199px)', false, { getInitialValueInEffect: false }) ?? false;
  // …unless the person asks for the names (the button at the foot of the menu; remembered in this browser).
  const [namesWanted, setNamesWanted] = useState(() => localStorage.getItem('kvitt.nav.names') === '1');
  const toggleNames = () => {
    localStorage.setItem('kvitt.nav.names', namesWanted ? '0' : '1');
    setNamesWanted(!namesWanted);
  };
  const compact = small && !namesWanted;

  return (
    <AppShell navbar={{ width: compact ? 64 : small ? 215 : 250, breakpoint: 0 }} header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Title order={3} c="teal.8">
              Kvitt
            </Title>
            <Text size="sm" c="dimmed">
              {t(navItems.find((n) => location.pathname.startsWith(n.to))?.labelKey ?? (location.pathname.startsWith('/first-day') ? 'firstDay.title' : 'app.name'))}
            </Text>
          </Group>
          <Group gap="xs">
            <FirstDayButton />
            <Button variant="subtle" size="xs" onClick={() => setLanguage(i18n.language === 'nb' ? 'en' : 'nb')} data-testid="lang-switch">
              {t('lang.switch')}
            </Button>
            {/* In a browser (the server's GUI) every login is a session: Logg ut ends it on the server too. */}
            {!window.api && <LogoutButton />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          <nav aria-label="Hovedmeny">
            {navItems.map((item) => (
              <Tooltip key={item.to} label={compact ? (item.key ? `${t(item.labelKey)} (Alt+${item.key})` : t(item.labelKey)) : `Alt+${item.key}`}
                disabled={!compact && !item.key} position="right" openDelay={compact ? 150 : 600}>
                <NavLink
                  component={RouterLink}
                  to={item.to}
                  label={compact ? undefined : t(item.labelKey)}
                  aria-label={t(item.labelKey)}
                  leftSection={<span aria-hidden>{item.icon}</span>}
                  active={location.pathname.startsWith(item.to)}
                  onClick={(e: MouseEvent) => {
                    // Unsaved changes: ask before leaving (the router's own click handling is skipped).
                    if (!useUnsaved.getState().dirty) return;
                    e.preventDefault();
                    useUnsaved.getState().ask({ kind: 'to', to: item.to });
                  }}
                  variant="light"
                  style={{ borderRadius: 6 }}
                />
              </Tooltip>
            ))}
          </nav>
        </ScrollArea>
        {small ? (
          <Tooltip label={t(compact ? 'nav.expand' : 'nav.collapse')} position="right" openDelay={150}>
            <Button variant="subtle" color="gray" size="xs" mt="auto" onClick={toggleNames} aria-label={t(compact ? 'nav.expand' : 'nav.collapse')} data-testid="nav-names" aria-pressed={!compact}>
              {compact ? '»' : `« ${t('nav.collapse')}`}
            </Button>
          </Tooltip>
        ) : null}
      </AppShell.Navbar>
      {/* The address the screens below were drawn for, and the count of addresses drawn so far (a test waits for
          them after changing the address, so it does not click or type into the screen before). */}
      <AppShell.Main data-path={location.pathname} data-nav={drawn}>
        <Routes>
          <Route path="/" element={<StartRoute />} />
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
          <Route path="*" element={<Navigate to="/recipients" replace />} />
        </Routes>
      </AppShell.Main>
      <UnsavedDialog />
    </AppShell>
  );
}

/** Logg ut: ends this browser session on the server (POST /app/logout) and goes to the login page. */
function LogoutButton() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  async function logout() {
    setLeaving(true);
    try {
      await fetch('/app/logout', { method: 'POST', credentials: 'same-origin', headers: { 'x-kvitt-client': '1' } });
    } finally {
      window.location.replace('/app/login');
    }
  }
  return (
    <Button variant="light" size="xs" loading={leaving} onClick={() => void logout()} data-testid="logout">
      {t('app.logout')}
    </Button>
  );
}
