import { Badge, Button, Grid, Group, Loader, Modal, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../api/client';
import { LoadFailed } from '../../shared/DetailParts';
import { notifyError, notifyOk } from '../../shared/errors';
import { CustomerBalance, CustomerDocuments } from './CustomerDocuments';
import { DraftsTab } from './DraftsTab';
import { CustomerSeries } from '../recurring/CustomerSeries';
import { formatDate, formatMoney, formatOrgNumber, formatPhone } from '../../shared/format';
import { useLookups } from '../../shared/lookups.store';
import { orgFormLabel, type Recipient } from './recipient.types';
import { useRecipientList } from './recipientList.store';
import { useFormKeys } from '../../shared/use-form-keys';

function Rows({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <Table verticalSpacing={4} fz="sm" withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Td w={190} c="dimmed">
              {k}
            </Table.Td>
            <Table.Td>{v === null || v === undefined || v === '' ? <Text span c="gray.5" inherit>–</Text> : v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="sm" h="100%">
      <Text fw={600} size="sm" mb="xs" c="gray.7">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** One recipient: contact, settings, labels, custom fields, drafts; edit and delete. */
export function RecipientDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const number = Number(useParams().number);
  const [r, setR] = useState<Recipient | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const customFieldDefs = useLookups((s) => s.customFields);
  const loadLookups = useLookups((s) => s.load);

  useEffect(() => {
    void loadLookups();
    setR(null);
    call('recipients.get', { params: { number } })
      .then(setR)
      .catch((e) => setMissing(e instanceof Error ? e.message : String(e)));
  }, [number, loadLookups]);

  useFormKeys({ onClose: () => navigate('/recipients') });
  useHotkeys([
    ['mod+E', () => navigate(`/recipients/${number}/edit`)],
    ['mod+N', () => navigate('/recipients/new')],
  ]);

  async function remove() {
    setDeleting(true);
    try {
      await call('recipients.delete', { params: { number } });
      notifyOk(t('recipients.detail.deleted', { name: r?.name }));
      useRecipientList.getState().reload();
      void useLookups.getState().refreshLabels();
      navigate('/recipients');
    } catch (e) {
      notifyError(e);
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  if (missing)
    return (
      <LoadFailed title={t('recipients.detail.notFound')} message={missing} back="/recipients" backLabel={t('recipients.title')} />
    );
  if (!r) return <Loader m="xl" />;

  const yesNo = (v: boolean | null, fallback: string) => (v === null ? fallback : v ? t('common.yes') : t('common.no'));
  const customValue = (c: Recipient['customFields'][number]) => {
    if (c.type === 'BOOLEAN') return c.value ? t('common.yes') : t('common.no');
    if (c.type === 'DATE') return formatDate(String(c.value ?? ''));
    return c.value === null || c.value === undefined ? '' : String(c.value);
  };
  const a = r.contact.address;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={2} data-testid="recipient-title">
              {r.name}
            </Title>
            {r.deleted && <Badge color="red">{t('recipients.detail.markedDeleted')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {[r.customerNumber && t('recipients.detail.customerNo', { no: r.customerNumber }), r.organisation.number && `Org.nr. ${formatOrgNumber(r.organisation.number)}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {r.labels.length > 0 && (
            <Group gap={4} mt={6}>
              {r.labels.map((l) => (
                <Badge key={l.number} variant="light" color="gray" size="sm" tt="none" fw={500}>
                  {l.name}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate('/recipients')}>
            {t('recipients.detail.back')}
          </Button>
          <Button variant="default" color="red" c="red.7" onClick={() => setConfirmDelete(true)} data-testid="recipient-delete">
            {t('common.delete')}
          </Button>
          <Button onClick={() => navigate(`/recipients/${number}/edit`)} data-testid="recipient-edit">
            {t('common.edit')}
          </Button>
        </Group>
      </Group>

      <CustomerBalance recipientNumber={number} />

      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t('recipients.detail.tabDetails')}</Tabs.Tab>
          <Tabs.Tab value="invoices" data-testid="tab-invoices">
            {t('recipients.detail.tabInvoices')}
          </Tabs.Tab>
          <Tabs.Tab value="credit-notes" data-testid="tab-credit-notes">
            {t('recipients.detail.tabCreditNotes')}
          </Tabs.Tab>
          <Tabs.Tab value="offers" data-testid="tab-offers">
            {t('recipients.detail.tabOffers')}
          </Tabs.Tab>
          <Tabs.Tab value="drafts" data-testid="tab-drafts">
            {t('recipients.detail.tabDrafts')}
          </Tabs.Tab>
          <Tabs.Tab value="recurring" data-testid="tab-recurring">
            {t('rec.customerSeries')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <Grid gutter="md">
            <Grid.Col span={6}>
              <Card title={t('recipients.section.contact')}>
                <Rows
                  rows={[
                    [t('recipients.field.address'), [a.address1, a.address2, `${a.zip} ${a.city}`, a.country].filter(Boolean).join(', ')],
                    [t('recipients.field.email'), r.contact.email],
                    [t('recipients.field.phone'), formatPhone(r.contact.phone)],
                    [t('recipients.field.mobile'), formatPhone(r.contact.mobile)],
                    [t('recipients.field.fax'), r.contact.fax],
                    [t('recipients.field.web'), r.contact.web],
                    [t('recipients.field.yourReference'), r.yourReference],
                  ]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={6}>
              <Card title={t('recipients.section.customer')}>
                <Rows
                  rows={[
                    [t('recipients.field.customerNumber'), r.customerNumber],
                    [t('recipients.field.orgForm'), orgFormLabel(r.organisation.form)],
                    [t('recipients.field.orgNumber'), formatOrgNumber(r.organisation.number)],
                    [t('recipients.field.icdShort'), r.organisation.icd === null ? '' : String(r.organisation.icd).padStart(4, '0')],
                    [
                      t('recipients.section.receiving'),
                      [r.capabilities.ehf && 'EHF', r.capabilities.eFaktura && 'eFaktura', r.capabilities.avtaleGiro && 'AvtaleGiro']
                        .filter(Boolean)
                        .join(', '),
                    ],
                  ]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={6}>
              <Card title={t('recipients.section.settings')}>
                <Rows
                  rows={[
                    [t('recipients.field.discount'), r.settings.discount ? `${formatMoney(r.settings.discount)} %` : ''],
                    [t('recipients.field.creditDays'), r.settings.creditDays ?? t('recipients.detail.companyDefault')],
                    [t('recipients.field.currency'), r.settings.currency ?? 'NOK'],
                    [t('recipients.field.attachPdf'), yesNo(r.settings.attachPdf, t('recipients.detail.companyDefault'))],
                    [
                      t('recipients.field.defaultShipment'),
                      r.settings.defaultShipment ? t(`recipients.shipment.${r.settings.defaultShipment}`) : t('recipients.detail.companyDefault'),
                    ],
                    [t('recipients.field.autoDunnings'), yesNo(r.settings.autoDunningsEnabled, t('common.yes'))],
                  ]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={6}>
              <Card title={t('recipients.section.customFields')}>
                {customFieldDefs.length === 0 && r.customFields.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('recipients.form.noCustomFields')}
                  </Text>
                ) : (
                  <Rows
                    rows={(customFieldDefs.length ? customFieldDefs : r.customFields).map((d) => {
                      const c = r.customFields.find((x) => x.number === d.number);
                      return [d.name, c ? customValue(c) : ''] as [string, React.ReactNode];
                    })}
                  />
                )}
              </Card>
            </Grid.Col>
            {r.comment && (
              <Grid.Col span={12}>
                <Card title={t('recipients.field.comment')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {r.comment}
                  </Text>
                </Card>
              </Grid.Col>
            )}
          </Grid>
        </Tabs.Panel>
        {(['invoices', 'credit-notes', 'offers'] as const).map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <CustomerDocuments recipientNumber={number} kind={kind} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="drafts" pt="md">
          <DraftsTab recipientNumber={number} />
        </Tabs.Panel>
        <Tabs.Panel value="recurring" pt="md">
          <CustomerSeries recipientNumber={number} />
        </Tabs.Panel>
      </Tabs>

      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('recipients.detail.deleteTitle', { name: r.name })} centered>
        <Text size="sm">{t('recipients.detail.deleteText')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()} loading={deleting} data-testid="recipient-delete-confirm">
            {t('common.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
