import { Alert, Anchor, Button, Checkbox, Grid, Group, Loader, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { call, formBody } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { useEditForm } from '../../shared/use-edit-form';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { TAX_RATES } from '../documents/document.types';
import { emptyEvent, EVENT_OPS, toBody, toForm, type EventForm, type EventRead } from './event-form.model';
import { DateTimeInput, EventFormLists } from './EventFormLists';

const PLACED = /^(name|date|endDate|registrationDeadline|description|location\.(name|zip)|contactPerson\.(name|email)|price|taxRate|productNumber|participantLimit|smsConfirmation\.message|customFields\[\d+\]\.(name|price\.price|price\.productCode)|discountCodes\.codes\[\d+\]\.(code|amount))$/;

/** Create or edit an event with every field of spec 2.10; the service's errors appear next to their fields. */
export function EventFormScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().number;
  const number = param && param !== 'new' ? Number(param) : null;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { form, set, loaded, errors, busy, save } = useEditForm<EventForm, EventRead>({
    unsaved: 'event-form', // leaving with changes asks Lagre / Forkast / Avbryt (they were lost without a word)
    empty: emptyEvent,
    id: number,
    load: number === null ? null : async () => toForm(await call(EVENT_OPS.get, { params: { number } })),
    validate: (f) => toBody(f, t('evt.err.dateTime')).errors,
    save: async (f) => {
      const { body } = toBody(f, t('evt.err.dateTime'));
      return number === null ? (await call(EVENT_OPS.create, { body: formBody(body) })).body : call(EVENT_OPS.update, { params: { number }, body: formBody(body) });
    },
    onSaved: (saved) => {
      notifyOk(t('evt.saved'));
      navigate(`/events/${saved.number}`);
    },
  });

  const setLoc = (patch: Partial<EventForm['location']>) => set({ location: { ...form.location, ...patch } });
  const setContact = (patch: Partial<EventForm['contactPerson']>) => set({ contactPerson: { ...form.contactPerson, ...patch } });

  async function remove() {
    if (number === null) return;
    try {
      await call(EVENT_OPS.remove, { params: { number } });
      notifyOk(t('evt.deleted'));
      navigate('/events');
    } catch (e) {
      setConfirmDelete(false);
      notifyError(e);
    }
  }

  if (!loaded) return <Loader />;
  const e = errors;
  // Errors of fields the form shows stand beside them; any other (e.g. from a newer service) is listed above the buttons.
  const unplaced = Object.fromEntries(Object.entries(errors).filter(([k]) => !PLACED.test(k)));
  return (
    <Stack gap="md" maw={980}>
      <div>
        <Anchor component={Link} to={number === null ? '/events' : `/events/${number}`} size="sm">← {t('evt.title')}</Anchor>
        <Title order={2} mt={4}>{number === null ? t('evt.new') : t('evt.edit')}</Title>
      </div>
      <form onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Title order={4} mb="xs">{t('evt.section.basics')}</Title>
            <Grid gutter="sm">
              <Grid.Col span={12}><TextInput label={t('evt.name')} withAsterisk maxLength={100} value={form.name} error={e.name} onChange={(x) => set({ name: x.currentTarget.value })} data-testid="evt-name" data-autofocus /></Grid.Col>
              <Grid.Col span={4}><DateTimeInput label={t('evt.date')} required date={form.date} time={form.time} error={e.date} onDate={(v) => set({ date: v })} onTime={(v) => set({ time: v })} testId="evt-start" /></Grid.Col>
              <Grid.Col span={4}><DateTimeInput label={t('evt.endDate')} date={form.endDate} time={form.endTime} error={e.endDate} onDate={(v) => set({ endDate: v })} onTime={(v) => set({ endTime: v })} testId="evt-end" /></Grid.Col>
              <Grid.Col span={4}><DateTimeInput label={t('evt.deadline')} date={form.deadlineDate} time={form.deadlineTime} error={e.registrationDeadline} onDate={(v) => set({ deadlineDate: v })} onTime={(v) => set({ deadlineTime: v })} testId="evt-deadline" timePlaceholder="23:59" timeHint={t('evt.deadlineTimeHint')} /></Grid.Col>
              <Grid.Col span={12}><Textarea label={t('evt.description')} autosize minRows={2} maxLength={5000} value={form.description} error={e.description} onChange={(x) => set({ description: x.currentTarget.value })} /></Grid.Col>
            </Grid>
          </Paper>
          <Grid gutter="md">
            <Grid.Col span={7}>
              <Paper withBorder p="md" h="100%">
                <Title order={4} mb="xs">{t('evt.section.location')}</Title>
                <Grid gutter="sm">
                  <Grid.Col span={12}><TextInput label={t('evt.locationName')} withAsterisk maxLength={100} value={form.location.name} error={e['location.name']} onChange={(x) => setLoc({ name: x.currentTarget.value })} data-testid="evt-location" /></Grid.Col>
                  <Grid.Col span={12}><TextInput label={t('evt.address')} maxLength={100} value={form.location.address} onChange={(x) => setLoc({ address: x.currentTarget.value })} /></Grid.Col>
                  <Grid.Col span={3}><TextInput label={t('evt.zip')} maxLength={8} value={form.location.zip} error={e['location.zip']} onChange={(x) => setLoc({ zip: x.currentTarget.value })} /></Grid.Col>
                  <Grid.Col span={5}><TextInput label={t('evt.city')} maxLength={36} value={form.location.city} onChange={(x) => setLoc({ city: x.currentTarget.value })} /></Grid.Col>
                  <Grid.Col span={4}><TextInput label={t('evt.country')} maxLength={64} value={form.location.country} onChange={(x) => setLoc({ country: x.currentTarget.value })} /></Grid.Col>
                </Grid>
              </Paper>
            </Grid.Col>
            <Grid.Col span={5}>
              <Paper withBorder p="md" h="100%">
                <Title order={4} mb="xs">{t('evt.section.contact')}</Title>
                <Stack gap="xs">
                  <TextInput label={t('evt.contactName')} withAsterisk maxLength={100} value={form.contactPerson.name} error={e['contactPerson.name']} onChange={(x) => setContact({ name: x.currentTarget.value })} data-testid="evt-contact-name" />
                  <TextInput label={t('evt.contactEmail')} withAsterisk maxLength={64} value={form.contactPerson.email} error={e['contactPerson.email']} onChange={(x) => setContact({ email: x.currentTarget.value })} data-testid="evt-contact-email" />
                  <TextInput label={t('evt.contactPhone')} maxLength={20} value={form.contactPerson.phone} onChange={(x) => setContact({ phone: x.currentTarget.value })} />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
          <Grid gutter="md">
            <Grid.Col span={6}>
              <Paper withBorder p="md" h="100%">
                <Title order={4} mb="xs">{t('evt.section.price')}</Title>
                <Grid gutter="sm">
                  <Grid.Col span={4}><TextInput label={t('evt.price')} inputMode="decimal" value={form.price} error={e.price} onChange={(x) => set({ price: x.currentTarget.value })} styles={{ input: { textAlign: 'right' } }} data-testid="evt-price" /></Grid.Col>
                  <Grid.Col span={3}><Select label={t('evt.taxRate')} allowDeselect={false} value={form.taxRate} error={e.taxRate} data={TAX_RATES.map((r) => ({ value: String(r), label: `${r} %` }))} onChange={(v) => set({ taxRate: v ?? '25' })} /></Grid.Col>
                  <Grid.Col span={5}><TextInput label={t('evt.product')} maxLength={9} value={form.productNumber} error={e.productNumber} description={t('evt.productHint')} onChange={(x) => set({ productNumber: x.currentTarget.value })} /></Grid.Col>
                </Grid>
              </Paper>
            </Grid.Col>
            <Grid.Col span={6}>
              <Paper withBorder p="md" h="100%">
                <Title order={4} mb="xs">{t('evt.section.signup')}</Title>
                <Stack gap={8}>
                  <TextInput label={t('evt.limit')} description={t('evt.limitHint')} inputMode="numeric" w={220} value={form.participantLimit} error={e.participantLimit} onChange={(x) => set({ participantLimit: x.currentTarget.value })} data-testid="evt-limit" />
                  <Checkbox label={t('evt.confirmation')} checked={form.confirmation} onChange={(x) => set({ confirmation: x.currentTarget.checked })} data-testid="evt-confirmation" />
                  <Checkbox label={t('evt.captcha')} checked={form.signupCaptcha} onChange={(x) => set({ signupCaptcha: x.currentTarget.checked })} />
                  <Checkbox label={t('evt.showStats')} checked={form.showSignupStats} onChange={(x) => set({ showSignupStats: x.currentTarget.checked })} />
                  <Checkbox label={t('evt.sms')} checked={form.sms} onChange={(x) => set({ sms: x.currentTarget.checked })} />
                  {form.sms ? <TextInput label={t('evt.smsMessage')} maxLength={140} value={form.smsMessage} error={e['smsConfirmation.message']} onChange={(x) => set({ smsMessage: x.currentTarget.value })} /> : null}
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
          <EventFormLists form={form} set={set} errors={errors} />
          {Object.keys(unplaced).length ? <Alert color="red" data-testid="form-errors">{Object.entries(unplaced).map(([k, v]) => <Text key={k} size="sm">{k}: {v}</Text>)}</Alert> : null}
          <Group justify="space-between">
            {number !== null ? <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>{t('common.delete')}</Button> : <span />}
            <Group gap="xs">
              <Button variant="default" onClick={() => navigate(number === null ? '/events' : `/events/${number}`)}>{t('common.cancel')}</Button>
              <Button type="submit" loading={busy} data-testid="save-event">{t('common.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog opened={confirmDelete} title={t('evt.delete')} confirmLabel={t('common.delete')} danger onConfirm={() => void remove()} onClose={() => setConfirmDelete(false)}>
        <Text size="sm">{t('evt.deleteText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
