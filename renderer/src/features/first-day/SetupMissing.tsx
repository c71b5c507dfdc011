import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { create } from 'zustand';
import { ApiError } from '../../api/client';
import type { FirstDayStep } from './first-day.store';

export interface Missing {
  /** What cannot be done yet: issuing (company, bank) or sending e-mail. */
  action: 'issue' | 'email';
  step: FirstDayStep;
  /** Settings fields, e.g. company.orgNumber, sending.smtp.host. */
  fields: string[];
}

/** A SETUP_MISSING error of the service (issuing before the company is set up) as what the notice shows, else null. */
export function missingFromError(e: unknown): Missing | null {
  if (!(e instanceof ApiError) || e.code !== 'SETUP_MISSING') return null;
  const step = (e.params?.step === 'bank' ? 'bank' : 'company') as FirstDayStep;
  return { action: 'issue', step, fields: e.fields.map((f) => f.field) };
}

/** The fields as words ("firmanavn, organisasjonsnummer og kontonummer"). */
export function fieldWords(fields: string[], t: (k: string) => string, lang: string): string {
  const words = fields.map((f) => t(`firstDay.field.${f}`));
  return new Intl.ListFormat(lang === 'en' ? 'en' : 'nb', { type: 'conjunction' }).format(words);
}

/** What is missing before an action can be done, in the user's language, with a link to the guide's step. */
export function SetupMissing({ missing, testId = 'setup-missing' }: { missing: Missing; testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="orange" variant="light" data-testid={testId}>
      <div>{t(`firstDay.missing.${missing.action}`, { fields: fieldWords(missing.fields, t, i18n.language) })}</div>
      <Anchor component={Link} to={`/first-day/${missing.step}`} size="sm" fw={600} data-testid={`${testId}-link`}>
        {t('firstDay.missing.link', { step: t(`firstDay.step.${missing.step}`) })}
      </Anchor>
    </Alert>
  );
}

/**
 * The editor's last refusal for missing setup, by draft number. Kept outside the editor: a new document is saved before
 * it is issued, which moves the editor to the draft's address (a new editor), and the refusal may arrive after that.
 * Gone when the draft is issued or the guide saves a step.
 */
export const useIssueMissing = create<{ draft: number | null; missing: Missing | null; set(draft: number | null, m: Missing | null): void }>((set) => ({
  draft: null,
  missing: null,
  set: (draft, missing) => set({ draft, missing }),
}));
