import { Badge, Button, Checkbox, Group, Modal, Select, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUnsavedGuard } from '../../shared/unsaved.store';
import { useTranslation } from 'react-i18next';
import { ApiError, call, type FieldError } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { errorProps } from '../../shared/form-errors';
import { useLookups } from '../../shared/lookups.store';
import type { CustomFieldDef, CustomFieldType } from '../recipients/recipient.types';
import { OtherErrors, RowActions, SettingsSection, SettingsTable, useDeleteConfirm } from './SettingsParts';

const TYPES: CustomFieldType[] = ['TEXT', 'BOOLEAN', 'NUMBER', 'DATE', 'SELECT'];

interface Draft {
  number: number | null;
  name: string;
  type: CustomFieldType;
  options: string[];
  required: boolean;
}

/** Egendefinerte felt: definitions of the recipients' custom fields (TEXT, BOOLEAN, NUMBER, DATE, SELECT). */
export function CustomFieldsTab() {
  const { t } = useTranslation();
  const fields = useLookups((s) => s.customFields);
  const refresh = useLookups((s) => s.refreshCustomFields);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const del = useDeleteConfirm<CustomFieldDef>({
    op: 'customFields.delete',
    refresh,
    deleted: (f) => t('settings.fields.deleted', { name: f.name }),
    title: (f) => t('settings.fields.deleteTitle', { name: f.name }),
    text: () => t('settings.fields.deleteText'),
  });

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const typeLabel = (type: string) => t(`settings.fields.type.${type}`);

  function open(def: CustomFieldDef | null) {
    setErrors({});
    setOther([]);
    setDraft(def ? { number: def.number, name: def.name, type: def.type, options: def.options ?? [], required: def.required } : { number: null, name: '', type: 'TEXT', options: [], required: false });
  }

  // A field being written in the dialog: leaving (Alt+digit, closing the window) asks first.
  useUnsavedGuard('settings-custom-fields', draft !== null && draft.name.trim() !== '', () => save());

  /** True when saved. */
  async function save(): Promise<boolean> {
    if (!draft) return true;
    setSaving(true);
    const body = { name: draft.name, type: draft.type, options: draft.type === 'SELECT' ? draft.options : null, required: draft.required };
    try {
      if (draft.number === null) await call('customFields.create', { body });
      else await call('customFields.update', { params: { number: draft.number }, body });
      await refresh();
      notifyOk(t('settings.fields.saved', { name: draft.name }));
      setDraft(null);
      return true;
    } catch (e) {
      const mine: Record<string, string> = {};
      const rest: FieldError[] = [];
      if (e instanceof ApiError) for (const f of e.fields) (['name', 'type', 'options', 'required'].includes(f.field.replace(/\[\d+\]$/, '')) ? (mine[f.field.replace(/\[\d+\]$/, '')] ??= f.message) : rest.push(f));
      setErrors(mine);
      setOther(rest);
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md" maw={1000}>
      <SettingsSection title={t('settings.fields.title')} description={t('settings.fields.hint')}>
        <SettingsTable
          rows={fields}
          rowKey={(f) => f.number}
          empty={t('settings.fields.empty')}
          emptyTestId="fields-empty"
          emptyPadded
          testId="fields-table"
          head={
            <>
              <Table.Th w={60}>{t('settings.fields.number')}</Table.Th>
              <Table.Th>{t('settings.fields.name')}</Table.Th>
              <Table.Th>{t('settings.fields.type')}</Table.Th>
              <Table.Th>{t('settings.fields.options')}</Table.Th>
              <Table.Th>{t('settings.fields.required')}</Table.Th>
              <Table.Th w={170} />
            </>
          }
          cells={(f) => (
            <>
              <Table.Td>{f.number}</Table.Td>
              <Table.Td fw={500}>{f.name}</Table.Td>
              <Table.Td>{typeLabel(f.type)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {(f.options ?? []).map((o) => (
                    <Badge key={o} size="sm" variant="light" color="gray" tt="none" fw={500}>
                      {o}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{f.required ? t('common.yes') : t('common.no')}</Table.Td>
              <RowActions onDelete={() => del.ask(f)}>
                <Button size="compact-sm" variant="subtle" onClick={() => open(f)}>
                  {t('common.edit')}
                </Button>
              </RowActions>
            </>
          )}
        />
        <Group mt="sm">
          <Button variant="light" onClick={() => open(null)} data-testid="field-new">
            {t('settings.fields.new')}
          </Button>
        </Group>
      </SettingsSection>

      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={<Text fw={600}>{draft?.number ? t('settings.fields.editTitle') : t('settings.fields.newTitle')}</Text>}
        centered
      >
        {draft && (
          <Stack gap="sm">
            <OtherErrors fields={other} />
            <TextInput label={t('settings.fields.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} data-autofocus data-testid="field-def-name" {...errorProps(errors, 'name')} />
            <Select
              label={t('settings.fields.type')}
              data={TYPES.map((x) => ({ value: x, label: typeLabel(x) }))}
              allowDeselect={false}
              value={draft.type}
              onChange={(x) => setDraft({ ...draft, type: (x ?? 'TEXT') as CustomFieldType })}
              data-testid="field-def-type"
              comboboxProps={{ withinPortal: false }}
              {...errorProps(errors, 'type')}
            />
            {draft.type === 'SELECT' && (
              <TagsInput
                label={t('settings.fields.options')}
                description={t('settings.fields.optionsHint')}
                value={draft.options}
                onChange={(options) => setDraft({ ...draft, options })}
                data-testid="field-def-options"
                {...errorProps(errors, 'options')}
              />
            )}
            <Checkbox label={t('settings.fields.requiredLabel')} checked={draft.required} onChange={(e) => setDraft({ ...draft, required: e.currentTarget.checked })} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void save()} loading={saving} data-testid="field-def-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {del.modal}
    </Stack>
  );
}
