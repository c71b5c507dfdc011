/** Display helpers in the GUI's language (nb-NO by default). */
const locale = () => (document.documentElement.lang === 'en' ? 'en-GB' : 'nb-NO');

export const formatAmount = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : n.toLocaleString(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
};

export const formatNumber = (n: number) => n.toLocaleString(locale());
