import { Button, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { STEPS, useFirstDay } from './first-day.store';

/**
 * Where the app opens: the first-day guide while the company is not set up (its step neither done nor skipped),
 * else Kunder. A service that does not answer opens Kunder (which then says what is wrong).
 */
export function StartRoute() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    useFirstDay
      .getState()
      .load()
      .then((v) => live && setTarget(v.steps.find((s) => s.step === 'company')?.state === 'open' ? '/first-day' : '/recipients'))
      .catch(() => live && setTarget('/recipients'));
    return () => {
      live = false;
    };
  }, []);
  return target ? <Navigate to={target} replace /> : <Loader />;
}

/** In the header while issuing or e-mail is not set up: "Kom i gang (2 av 5)", back to where the person left it. */
export function FirstDayButton() {
  const { t } = useTranslation();
  const view = useFirstDay((s) => s.view);
  const location = useLocation();
  // Read again on every screen change: settings saved elsewhere (Innstillinger, another window) count at once.
  useEffect(() => {
    if (!location.pathname.startsWith('/first-day')) void useFirstDay.getState().load().catch(() => undefined);
  }, [location.pathname]);
  // Shown while something daily work needs is missing (issuing, e-mail); logo and invoice defaults alone do not nag
  // a business that set up everything else in Innstillinger.
  if (!view || view.finished || (view.canIssue && view.canEmail) || location.pathname.startsWith('/first-day')) return null;
  const done = view.steps.filter((s) => s.state === 'done').length;
  return (
    <Button component={Link} to={`/first-day${view.current ? `/${view.current}` : ''}`} variant="light" color="orange" size="xs" data-testid="first-day-open">
      {t('firstDay.open', { done, total: STEPS.length })}
    </Button>
  );
}
