import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { CustomFieldDef } from './recipient.types';

/** One custom field, rendered by its type (TEXT, BOOLEAN, NUMBER, DATE, SELECT). */
export function CustomFieldInput({
  def,
  value,
  onChange,
  error,
}: {
  def: CustomFieldDef;
  value: unknown;
  onChange(v: unknown): void;
  error?: string;
}) {
  const common = {
    label: def.name,
    withAsterisk: def.required,
    error,
    errorProps: { 'data-testid': `error-custom-${def.number}` } as Record<string, string>,
    'data-testid': `custom-${def.number}`,
  };
  switch (def.type) {
    case 'BOOLEAN':
      return <Checkbox mt="lg" {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'NUMBER':
      return <NumberInput {...common} decimalSeparator="," value={typeof value === 'number' || typeof value === 'string' ? value : ''} onChange={onChange} />;
    case 'DATE':
      return (
        <DateInput
          {...common}
          valueFormat="DD.MM.YYYY"
          clearable
          value={typeof value === 'string' && value ? value : null}
          onChange={(d) => onChange(d ?? null)}
        />
      );
    case 'SELECT':
      return (
        <Select
          {...common}
          clearable
          data={def.options ?? []}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
        />
      );
    default:
      return <TextInput {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
