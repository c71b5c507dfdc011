import { useTranslation } from 'react-i18next';

/**
 * A reason or suggestion code from the service in the user's words (the service's own text when it has no key). A
 * transaction back among the unmatched by the user's hand was a match undone; an ignored one was put aside.
 */
export function useReasonText() {
  const { t } = useTranslation();
  return (reason: string | null | undefined, status?: string) =>
    reason ? t(`bank.reason.${reason === 'BY_USER' && status === 'UNMATCHED' ? 'BY_USER_UNMATCHED' : reason}`, { defaultValue: reason }) : '';
}
