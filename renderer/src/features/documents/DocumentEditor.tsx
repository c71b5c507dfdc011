import { Alert, Anchor, Badge, Box, Button, Grid, Group, Kbd, Loader, Paper, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, call, formBody } from '../../api/client';
import { useGuardedNavigate, useUnsavedGuard } from '../../shared/unsaved.store';
import { fieldErrors, notifyError, notifyOk } from '../../shared/errors';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { DateField } from '../../shared/DateField';
import { DELIVERY_FIELDS, DeliverySection } from './DeliverySection';
import { DRAFT_OPS, OPS } from './doc-ops';
import { DocumentLines } from './DocumentLines';
import { useSettings } from '../settings/settings.store';
import { DocumentTotals } from './DocumentTotals';
import type { DocKind, DocumentData } from './document.types';
import { emptyForm, emptyLine, formFromDocument, lineFigures, remapFieldErrors, toBody, type DocForm } from './editor-form';
import { computeTotals, numberFromLocation } from '../../shared/money';
import { PdfModal } from '../../shared/PdfDialog';
import { PdfFrame } from '../../shared/PdfFrame';
import { RecipientSelect } from './RecipientSelect';
import { NewCustomerModal } from './QuickCreate';
import { useCurrencies } from '../../shared/use-currencies';
import { usePdfPreview, useSavedDraftPdf } from './use-pdf-preview';
import { useOneAtATime } from '../../shared/use-one-at-a-time';
import { missingFromError, SetupMissing, useIssueMissing } from '../first-day/SetupMissing';

/** Where the editor goes after creating, issuing or asking for a new document. */
export interface EditorRoutes {
  draft: (n: number) => string;
  issued: (n: number) => string;
  newDraft: string;
  list: string;
}

/** Header fields the editor shows; errors on any other path are listed above the form. */
const HEADER_FIELDS = ['recipient.number', 'recipient', 'invoiceDate', 'dueDate', 'expiryDate', 'ourReference', 'yourReference', 'orderNumber', 'currency', 'invoiceText', ...DELIVERY_FIELDS];

/**
 * The document editor shared by invoices, credit notes, offers and order confirmations: customer, dates,
 * references, currency, lines with live totals per VAT rate, a live PDF preview, save and issue.
 */
export function DocumentEditor({ kind, draftNumber, routes, creditRoutes }: { kind: DocKind; draftNumber: number | null; routes: EditorRoutes; creditRoutes?: EditorRoutes }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ops = DRAFT_OPS[kind];
  const [form, setForm] = useState<DocForm>(() => emptyForm(kind));
  const [loaded, setLoaded] = useState(draftNumber === null);
  const [dirty, setDirty] = useState(false);
  const saveRef = useRef<(quiet?: boolean) => Promise<number | null>>(async () => null);
  // Unsaved changes: the shell asks before leaving (nav links, back, closing the window) and can save.
  const touch = useUnsavedGuard('document-editor', dirty, async () => (await saveRef.current()) !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | 'save' | 'issue' | 'delete'>(null);
  const [confirm, setConfirm] = useState<null | 'issue' | 'delete'>(null);
  /** "Utsted og send": the issued document's page opens its Send dialog (features/sending). */
  const [sendAfter, setSendAfter] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  const [bigPreview, setBigPreview] = useState(false);
  const wide = useMediaQuery('(min-width: 1750px)') ?? false;
  const narrow = useMediaQuery('(max-width: 1199px)') ?? false;
  const currencies = useCurrencies(form.currency);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Issuing was refused because the company is not set up (SETUP_MISSING): what is missing, with a link to the guide. */
  const setupMissing = useIssueMissing((s) => (s.draft !== null && s.draft === draftNumber ? s.missing : null));
  const [savedVersion, setSavedVersion] = useState(0);
  const presetRecipient = Number(useSearchParams()[0].get('recipient')) || null;

  useEffect(() => {
    setErrors({});
    setDirty(false);
    if (draftNumber === null) {
      setForm(emptyForm(kind));
      setLoaded(true);
      // "Vår referanse" from Settings → Fakturering, unless the person typed one meanwhile.
      void useSettings
        .getState()
        .load()
        .then((s) => s.invoicing.ourReference && setForm((f) => (f.ourReference ? f : { ...f, ourReference: s.invoicing.ourReference! })))
        .catch(() => undefined);
      // "Ny faktura" / "Nytt tilbud" from a customer's page: that customer is chosen already.
      if (presetRecipient) {
        call(OPS.recipients.get, { params: { number: presetRecipient } })
          .then((r) => setForm((f) => ({ ...f, recipientNumber: r.number, recipientLabel: r.customerNumber ? `${r.name} (${r.customerNumber})` : r.name })))
          .catch(() => undefined);
      }
      return;
    }
    let live = true;
    setLoaded(false);
    call(ops.get, { params: { number: draftNumber } })
      .then((doc) => {
        if (!live) return;
        setForm(formFromDocument(kind, doc));
        setLoaded(true);
      })
      .catch((e) => live && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [kind, draftNumber, ops.get, presetRecipient]);

  /** Counts the edits, so a save that comes back knows whether the user typed on while it was out. */
  const edits = useRef(0);
  const update = (patch: Partial<DocForm>) => {
    edits.current += 1;
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
    // Every edit tells the shell again: the shell may have cleared the flag (Forkast) while this editor stayed open.
    touch();
  };

  // A seller outside the VAT register charges no VAT on any line (the service issues such lines at 0 %, category O):
  // the totals shown while typing are the ones the issued invoice will carry.
  const vatRegistered = useSettings((s) => s.settings?.company.vatRegistered ?? true);
  useEffect(() => {
    void useSettings.getState().load().catch(() => undefined);
  }, []);
  const totals = useMemo(
    () => computeTotals(form.lines.map((l) => (vatRegistered ? lineFigures(l) : { ...lineFigures(l), taxRate: 0 }))),
    [form.lines, vatRegistered],
  );
  const preview = toBody(form, t);
  // Every kind previews live as typed (the saved-draft PDF remains the fallback hook).
  const livePreview = true;
  const canPreview = livePreview || draftNumber !== null;
  const live = usePdfPreview(form.kind, preview.body, livePreview && showPreview && loaded);
  const saved = useSavedDraftPdf(ops.pdf, draftNumber, savedVersion, !livePreview && showPreview && loaded);
  const pdf = livePreview ? live : saved;

  const effectiveKind: DocKind = form.credit ? 'credit-note' : kind;
  // What the user knows: "Ny faktura", then "Utkast til Andersen Catering AS" once it is saved for a customer.
  const customerName = form.recipientLabel?.replace(/\s\([^)]*\)$/, '') ?? null;
  const titleKey = draftNumber === null ? `docs.title.new.${effectiveKind}` : customerName ? `docs.title.draftFor.${effectiveKind}` : `docs.title.draft.${effectiveKind}`;

  /**
   * Saves; returns the draft number, or null when the service said no. Asked again while a save is still out (Ctrl+S
   * pressed twice, Lagre then Ctrl+S), it is that same save: a new draft is created once, not twice.
   */
  const save = useOneAtATime((quiet?: boolean) => saveNow(quiet ?? false));

  async function saveNow(quiet: boolean): Promise<number | null> {
    const { body, errors: local, formIndex } = toBody(form, t);
    const editsSent = edits.current;
    if (!body) {
      setErrors(local);
      return null;
    }
    setBusy('save');
    try {
      let number = draftNumber;
      if (number === null) {
        const res = await call(ops.create, { body: formBody(body) });
        number = numberFromLocation(res.created);
      } else {
        await call(ops.update, { params: { number }, body: formBody(body) });
      }
      setErrors({});
      // What was typed while the save was out is not in it: still unsaved, so leaving still asks.
      if (edits.current === editsSent) setDirty(false);
      setSavedVersion((v) => v + 1);
      if (!quiet) notifyOk(t('docs.saved'));
      if (draftNumber === null && number !== null) navigate(routes.draft(number), { replace: true });
      return number;
    } catch (e) {
      const fields = remapFieldErrors(fieldErrors(e), formIndex);
      setErrors(fields);
      if (!(e instanceof ApiError) || !e.fields.length) notifyError(e, t('docs.saveFailed'));
      else notifyError(new Error(t('docs.fixFields')), t('docs.saveFailed'));
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function issue() {
    const number = draftNumber !== null && !dirty ? draftNumber : await save(true);
    if (number === null) {
      setConfirm(null);
      return;
    }
    setBusy('issue');
    try {
      const res = await call(ops.issue, { params: { number } });
      const issued = numberFromLocation(res.created);
      useIssueMissing.getState().set(null, null);
      setConfirm(null);
      notifyOk(t(`docs.issued.${effectiveKind}`, { number: issued }));
      const target = form.credit && creditRoutes ? creditRoutes : routes;
      navigate(issued !== null ? target.issued(issued) + (sendAfter ? '?send=1' : '') : target.list);
    } catch (e) {
      setConfirm(null);
      const missing = missingFromError(e);
      useIssueMissing.getState().set(number, missing);
      // The missing settings are said once, in the notice with its link; the form's own errors beside their fields.
      setErrors(missing ? {} : fieldErrors(e));
      notifyError(e, t('docs.issueFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (draftNumber === null) return;
    setBusy('delete');
    try {
      await call(ops.remove, { params: { number: draftNumber } });
      notifyOk(t('docs.deleted'));
      navigate(routes.list);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  }

  saveRef.current = save;
  const guardedNavigate = useGuardedNavigate();

  const addLine = () => update({ lines: [...form.lines, emptyLine()] });
  useHotkeys(
    [
      ['mod+N', () => guardedNavigate(routes.newDraft)],
      ['mod+Enter', addLine],
      ['alt+L', addLine],
      // The latest render's save (and so the form as last typed), not the one of the render that bound the keys.
      ['mod+S', () => void saveRef.current()],
      ['mod+I', () => setConfirm('issue')],
    ],
    [],
  );

  // Esc closes the editor (to the list; with changes the shell asks first), unless it is for something open on top of
  // it: a dialog, a dropdown, a date picker. Looked at in the capture phase, before those close themselves.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // (Mantine keeps closed dropdowns in the page, hidden: only shown ones count.)
      const open = [...document.querySelectorAll('[role="dialog"], .mantine-Popover-dropdown, .mantine-Combobox-dropdown')].some((el) => el.getClientRects().length > 0);
      if (open) return;
      guardedNavigate(routes.list);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [guardedNavigate, routes.list]);

  // Focus the description of a newly added line.
  useEffect(() => {
    const last = document.querySelector<HTMLInputElement>(`[aria-label="${t('docs.line.code')} ${form.lines.length}"]`);
    if (last && dirty) last.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.lines.length]);

  if (loadError) return <Alert color="red" title={t('common.error')}>{loadError}</Alert>;
  if (!loaded) return <Loader />;

  const unplaced = Object.entries(errors).filter(([k]) => !k.startsWith('items[') && !HEADER_FIELDS.includes(k));
  const lineErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith('items[')));
  const itemsError = errors['items'];

  return (
    <Stack gap="md" data-testid="doc-editor">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={2} data-testid="editor-title">{t(titleKey, { number: draftNumber, customer: customerName })}</Title>
            <Badge variant="light" color="gray">
              {t('docs.draft')}
            </Badge>
            {dirty ? (
              <Text size="xs" c="dimmed">
                {t('docs.unsaved')}
              </Text>
            ) : null}
          </Group>
          {form.credit && form.creditedInvoiceNumber ? (
            <Text size="sm" c="dimmed">
              {t('docs.credits', { number: form.creditedInvoiceNumber })}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          {canPreview ? <Switch size="xs" label={t('docs.preview')} checked={showPreview} onChange={(e) => setShowPreview(e.currentTarget.checked)} /> : null}
          {draftNumber !== null ? (
            <Button variant="subtle" color="red" onClick={() => setConfirm('delete')}>
              {t('docs.deleteDraft')}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => void save()} loading={busy === 'save'} data-testid="save-draft">
            {t('docs.saveDraft')}
          </Button>
          <Button onClick={() => setConfirm('issue')} data-testid="issue">
            {t(`docs.issue.${effectiveKind}`)}
          </Button>
        </Group>
      </Group>

      {setupMissing ? <SetupMissing missing={setupMissing} /> : null}
      {unplaced.length || itemsError ? (
        <Alert color="red" variant="light" data-testid="form-errors">
          {itemsError ? <div>{t('docs.line.title')}: {itemsError}</div> : null}
          {unplaced.map(([k, v]) => (
            <div key={k}>{v}</div>
          ))}
          {unplaced.some(([k]) => k.startsWith('company.')) ? (
            <Anchor component={Link} to="/settings" size="sm" fw={600}>
              {t('docs.toSettings')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}

      <Box style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Paper withBorder p="md">
            <Grid gutter="sm">
              <Grid.Col span={8}>
                <RecipientPicker form={form} error={errors['recipient.number'] ?? errors['recipient']} onPick={(number, label) => update({ recipientNumber: number, recipientLabel: label })}
                  onYourReference={(ref) => setForm((f) => (f.yourReference ? f : { ...f, yourReference: ref }))} />
              </Grid.Col>
              <Grid.Col span={4}>
                <Select
                  label={t('docs.currency')}
                  data={currencies}
                  value={form.currency}
                  allowDeselect={false}
                  error={errors['currency']}
                  onChange={(v) => update({ currency: v ?? 'NOK' })}
                />
              </Grid.Col>
              <Grid.Col span={4}>
                <DateField label={t(kind === 'offer' ? 'docs.offerDate' : 'docs.invoiceDate')} placeholder={t('docs.todayWhenIssued')} value={form.invoiceDate} error={errors['invoiceDate']} onChange={(v) => update({ invoiceDate: v })} />
              </Grid.Col>
              {effectiveKind === 'invoice' ? (
                <Grid.Col span={4}>
                  <DateField label={t('docs.dueDate')} placeholder={t('docs.dueFromTerms')} value={form.dueDate} error={errors['dueDate']} onChange={(v) => update({ dueDate: v })} />
                </Grid.Col>
              ) : null}
              {kind === 'offer' ? (
                <Grid.Col span={4}>
                  <DateField label={t('docs.expiryDate')} placeholder={t('docs.expiryDefault')} value={form.expiryDate} error={errors['expiryDate']} onChange={(v) => update({ expiryDate: v })} />
                </Grid.Col>
              ) : null}
              <Grid.Col span={4}>
                <TextInput label={t('docs.ourReference')} value={form.ourReference} maxLength={64} error={errors['ourReference']} onChange={(e) => update({ ourReference: e.currentTarget.value })} />
              </Grid.Col>
              <Grid.Col span={4}>
                <TextInput label={t('docs.yourReference')} value={form.yourReference} maxLength={64} error={errors['yourReference']} onChange={(e) => update({ yourReference: e.currentTarget.value })} />
              </Grid.Col>
              <Grid.Col span={4}>
                <TextInput label={t('docs.orderNumber')} value={form.orderNumber} maxLength={64} error={errors['orderNumber']} onChange={(e) => update({ orderNumber: e.currentTarget.value })} />
              </Grid.Col>
            </Grid>
          </Paper>

          <DeliverySection form={form} errors={errors} onChange={update} />

          <Paper withBorder p="md">
            <Text fw={600} mb="xs">
              {t('docs.line.title')}
            </Text>
            <DocumentLines lines={form.lines} errors={lineErrors} compact={canPreview && showPreview && !wide} onChange={(lines) => update({ lines })} />
            <Box mt="md">
              <DocumentTotals totals={totals} currency={form.currency} totalLabelKey={effectiveKind === 'invoice' ? 'docs.totals.total' : effectiveKind === 'credit-note' ? 'docs.totals.credited' : 'docs.totals.sum'} />
            </Box>
          </Paper>

          <Textarea
            label={t(effectiveKind === 'invoice' ? 'docs.invoiceText' : 'docs.text')}
            autosize
            minRows={2}
            maxLength={2000}
            value={form.invoiceText}
            error={errors['invoiceText']}
            onChange={(e) => update({ invoiceText: e.currentTarget.value })}
          />
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">S</Kbd> {t('docs.key.save')} · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> {t('docs.key.addLine')} ·{' '}
            <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">I</Kbd> {t('docs.key.issue')} · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">N</Kbd> {t('docs.key.new')} · <Kbd size="xs">Esc</Kbd> {t('docs.key.close')}
          </Text>
        </Stack>
        {canPreview && showPreview ? (
          <Box w={wide ? 560 : narrow ? 360 : 420} style={{ flexShrink: 0, position: 'sticky', top: 70 }}>
            <Group justify="flex-end" mb={4}>
              <Button size="compact-xs" variant="subtle" disabled={!pdf.blob} onClick={() => setBigPreview(true)} data-testid="preview-enlarge">
                {t('docs.previewEnlarge')}
              </Button>
            </Group>
            <PdfFrame title={t('docs.preview')} blob={pdf.blob} loading={pdf.loading} message={pdf.problem ?? t(livePreview ? 'docs.previewHint' : 'docs.previewSaved')} height="calc(100vh - 190px)" />
            <PdfModal title={t('docs.preview')} opened={bigPreview} onClose={() => setBigPreview(false)} blob={pdf.blob} />
          </Box>
        ) : null}
      </Box>

      <ConfirmDialog
        opened={confirm === 'issue'}
        title={t(`docs.issue.${effectiveKind}`)}
        confirmLabel={t(`docs.issue.${effectiveKind}`)}
        busy={busy === 'issue' || busy === 'save'}
        onConfirm={() => void issue()}
        onClose={() => setConfirm(null)}
      >
        <Text>{t(`docs.issueConfirm.${effectiveKind}`)}</Text>
        <Alert color="yellow" variant="light" mt="sm" data-testid="issue-warning">
          {t(effectiveKind === 'offer' || effectiveKind === 'order-confirmation' ? `docs.issueFinal.${effectiveKind}` : 'docs.issueFinal')}
        </Alert>
        <Switch mt="md" label={t('send.issueAndSend')} checked={sendAfter} onChange={(e) => setSendAfter(e.currentTarget.checked)} data-testid="issue-and-send" />
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm === 'delete'}
        title={t('docs.deleteDraft')}
        confirmLabel={t('common.delete')}
        danger
        busy={busy === 'delete'}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      >
        <Text>{t('docs.deleteConfirm')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The customer select; picking one also fills in the customer's own "your reference" when empty. A customer not
 * found is made here ("+ Ny kunde", also offered when the search finds nobody) without leaving the editor.
 */
function RecipientPicker({ form, error, onPick, onYourReference }: { form: DocForm; error?: string; onPick: (n: number | null, label: string | null) => void; onYourReference: (ref: string) => void }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState<string | null>(null);
  return (
    <>
    <NewCustomerModal
      opened={creating !== null}
      initialName={creating ?? ''}
      onClose={() => setCreating(null)}
      onCreated={(c) => {
        setCreating(null);
        onPick(c.number, c.label);
        if (c.yourReference) onYourReference(c.yourReference);
      }}
    />
    <RecipientSelect
      onCreate={(typed) => setCreating(typed)}
      description={
        <Anchor component="button" type="button" size="xs" onClick={() => setCreating('')} data-testid="customer-create">
          {t('docs.newCustomer')}
        </Anchor>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      label={t('docs.customer')}
      withAsterisk
      // A new document (Ctrl+N) starts in Kunde.
      autoFocus={!form.recipientNumber}
      value={form.recipientNumber}
      initialLabel={form.recipientLabel}
      error={error}
      data-testid="customer-select"
      onChange={(n, label) => {
        onPick(n, label);
        if (!n) return;
        call(OPS.recipients.get, { params: { number: n } })
          .then((r) => r.yourReference && onYourReference(r.yourReference))
          .catch(() => undefined);
      }}
    />
    </>
  );
}
