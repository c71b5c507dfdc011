import { Alert, Badge, Button, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notifyError } from '../../shared/errors';
import { useSettings } from '../settings/settings.store';
import { STEPS, useFirstDay, type FirstDay, type FirstDayStep } from './first-day.store';
import { useIssueMissing } from './SetupMissing';
import { BankStep, CompanyStep, EmailStep, InvoicingStep, LogoStep, SmsStep, type StepProps } from './FirstDaySteps';

/** Steps daily work does not need (no invoice or mail waits for them): marked optional in the step list. */
const OPTIONAL = new Set<FirstDayStep>(['logo', 'sms']);

const FORMS: Record<FirstDayStep, (p: StepProps) => React.ReactElement | null> = {
  company: CompanyStep,
  bank: BankStep,
  logo: LogoStep,
  invoicing: InvoicingStep,
  email: EmailStep,
  sms: SmsStep,
};

/**
 * Kom i gang: company, bank account and KID, logo, invoice defaults, e-mail, SMS, one step at a time. Each step saves into
 * the settings and goes on; "Hopp over" records the skip. Where the person is lives on the server (firstDay.update),
 * so the guide opens there again after a restart. `#/first-day/<step>` opens a step (the "what is missing" links).
 */
export function FirstDayGuide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { step: asked } = useParams();
  const view = useFirstDay((s) => s.view);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    void useSettings.getState().load(true).catch(() => undefined);
    useFirstDay
      .getState()
      .load()
      .catch((e) => setFailed(e instanceof Error ? e.message : String(e)));
  }, []);

  const step: FirstDayStep | 'finished' | null = STEPS.includes(asked as FirstDayStep) ? (asked as FirstDayStep) : asked === 'finished' ? 'finished' : view ? (view.current ?? 'finished') : null;
  // The step shown is the one the guide opens on next time.
  useEffect(() => {
    if (step && step !== 'finished' && view && view.current !== step) void useFirstDay.getState().update({ current: step }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  if (failed) return <Alert color="red">{failed}</Alert>;
  if (!view || !step) return <Loader />;
  const done = view.steps.filter((s) => s.state === 'done').length;
  const go = (s: FirstDayStep | 'finished') => navigate(`/first-day/${s}`);
  const next = (v: FirstDay, from: FirstDayStep) => {
    const after = STEPS.slice(STEPS.indexOf(from) + 1).find((s) => v.steps.find((x) => x.step === s)!.state === 'open');
    go(after ?? (v.finished ? 'finished' : (v.steps.find((x) => x.state === 'open')?.step ?? 'finished')));
  };
  const stepProps = (s: FirstDayStep): StepProps => ({
    next: async (confirm) => {
      useIssueMissing.getState().set(null, null); // what an editor said was missing may be there now
      try {
        const v = await useFirstDay.getState().update(confirm ? { confirm: s, unskip: s } : { unskip: s });
        next(v, s);
      } catch (e) {
        notifyError(e);
      }
    },
    skip: async () => {
      try {
        next(await useFirstDay.getState().update({ skip: s }), s);
      } catch (e) {
        notifyError(e);
      }
    },
    back: STEPS.indexOf(s) > 0 ? () => go(STEPS[STEPS.indexOf(s) - 1]) : undefined,
  });
  const Form = step !== 'finished' ? FORMS[step] : null;
  const skipped = view.steps.filter((s) => s.state === 'skipped').map((s) => t(`firstDay.step.${s.step}`));

  return (
    <Stack gap="md" maw={1100} data-testid="first-day">
      <div>
        <Title order={2}>{t('firstDay.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('firstDay.intro')}
        </Text>
      </div>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper withBorder p="md" w={250} style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} mb="sm" data-testid="first-day-progress">
            {t('firstDay.progress', { done, total: STEPS.length })}
          </Text>
          <Stepper active={step === 'finished' ? STEPS.length : STEPS.indexOf(step)} onStepClick={(i) => go(STEPS[i])} orientation="vertical" size="sm" allowNextStepsSelect>
            {view.steps.map((s, i) => (
              <Stepper.Step
                key={s.step}
                color={s.state === 'done' ? 'teal' : s.state === 'skipped' ? 'gray' : 'orange'}
                label={t(`firstDay.step.${s.step}`)}
                description={
                  <>
                    <Badge size="xs" variant="light" color={s.state === 'done' ? 'teal' : s.state === 'skipped' ? 'gray' : 'orange'} data-testid={`first-day-state-${s.step}`} data-state={s.state}>
                      {t(`firstDay.state.${s.state}`)}
                    </Badge>
                    {OPTIONAL.has(s.step) && s.state !== 'done' ? (
                      <Text span size="xs" c="dimmed" ml={6} data-testid={`first-day-optional-${s.step}`}>
                        {t('firstDay.optional')}
                      </Text>
                    ) : null}
                  </>
                }
                completedIcon={s.state === 'done' ? undefined : s.state === 'skipped' ? '–' : i + 1}
                data-testid={`first-day-step-${s.step}`}
              />
            ))}
          </Stepper>
        </Paper>
        <Paper withBorder p="lg" style={{ flex: 1, minWidth: 0 }}>
          {Form && step !== 'finished' ? (
            <Stack gap="sm" key={step} data-testid={`first-day-form-${step}`}>
              <Title order={3}>{t(`firstDay.step.${step}`)}</Title>
              <Text size="sm" c="dimmed">
                {t(`firstDay.help.${step}`)}
              </Text>
              <Form {...stepProps(step)} />
            </Stack>
          ) : (
            <Stack gap="sm" data-testid="first-day-finished">
              <Title order={3}>{t('firstDay.finishedTitle')}</Title>
              <Text>{t('firstDay.finishedText')}</Text>
              {skipped.length ? <Text size="sm" c="dimmed">{t('firstDay.skippedLeft', { steps: skipped.join(', ') })}</Text> : null}
              <Group>
                <Button component={Link} to="/invoices/drafts/new" data-testid="first-day-new-invoice">
                  {t('firstDay.newInvoice')}
                </Button>
                <Button component={Link} to="/recipients" variant="default">
                  {t('firstDay.toCustomers')}
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
