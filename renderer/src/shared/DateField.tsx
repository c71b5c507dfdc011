import { DateInput, type DateInputProps } from '@mantine/dates';

/** Accepts 15.03.2026, 15.3.26, 2026-03-15. */
export function parseDateText(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(s);
  if (m) return iso(m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

function iso(y: number, mo: number, d: number): string | null {
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A date input showing DD.MM.YYYY and giving ISO YYYY-MM-DD (or null). */
export function DateField({ value, onChange, ...rest }: { value: string | null; onChange: (v: string | null) => void } & Omit<DateInputProps, 'value' | 'onChange'>) {
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      clearable
      dateParser={(text) => parseDateText(text)}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
    />
  );
}
