import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, formBody } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { parseRecipientCsv, rowErrors, rowToRecipient, type ParsedCsv, type RowError } from './csvImport';
import { CSV_ENCODINGS, decodeCsv, type CsvEncoding, type DecodedCsv } from './csvEncoding';
import { useLookups } from '../../shared/lookups.store';
import { useRecipientList } from './recipientList.store';

const PREVIEW_LIMIT = 300;
const encodingLabel = (e: CsvEncoding) => (e === 'windows-1252' ? 'Windows-1252' : e);

/**
 * CSV import: pick a file, preview the rows as recipients, send them as ONE batch (all or nothing).
 * When the service refuses, its errors are shown per row and column and nothing is imported.
 */
export function CsvImportModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [decoded, setDecoded] = useState<DecodedCsv | null>(null);

  function reset() {
    setFile(null);
    setParsed(null);
    setBytes(null);
    setDecoded(null);
    setErrors([]);
    setOtherErrors([]);
  }

  async function pick(f: File | null) {
    setFile(f);
    setErrors([]);
    setOtherErrors([]);
    const b = f ? new Uint8Array(await f.arrayBuffer()) : null;
    setBytes(b);
    read(b);
  }

  /** Decodes the file (in the encoding the person chose, else the one found) and parses it only when the text is clean. */
  function read(b: Uint8Array | null, chosen?: CsvEncoding) {
    const d = b ? decodeCsv(b, chosen) : null;
    setDecoded(d);
    setParsed(d && !d.problem ? parseRecipientCsv(d.text) : null);
  }

  async function importAll() {
    if (!parsed?.rows.length) return;
    setBusy(true);
    try {
      // A created batch answers { created: null, body: [links in order] }.
      const res = await call('recipients.create', { body: formBody(parsed.rows.map(rowToRecipient)) });
      const count = Array.isArray(res.body) ? res.body.length : parsed.rows.length;
      notifyOk(t('recipients.import.done', { count }));
      useRecipientList.getState().reload();
      void useLookups.getState().refreshLabels();
      reset();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409) && e.fields.length) {
        const { rows, other } = rowErrors(e.fields);
        setErrors(rows);
        setOtherErrors(other);
      } else notifyError(e, t('recipients.import.failed'));
    } finally {
      setBusy(false);
    }
  }

  const badRows = new Set(errors.map((e) => e.index));
  const errorAt = (i: number, col: string) => errors.filter((e) => e.index === i && e.column === col);
  const shown = parsed ? parsed.rows.map((r, i) => ({ r, i })).filter(({ i }) => i < PREVIEW_LIMIT || badRows.has(i)) : [];

  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={<Text fw={600}>{t('recipients.import.title')}</Text>}
      size="90%"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('recipients.import.help')}
        </Text>
        <FileInput
          label={t('recipients.import.file')}
          placeholder={t('recipients.import.pick')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void pick(f)}
          clearable
          w={420}
          data-testid="csv-file"
        />
        {decoded && (
          <Group gap="xs" align="flex-end">
            <Badge variant="light" color={decoded.problem ? 'red' : 'gray'} data-testid="csv-encoding">
              {t('recipients.import.encoding', { e: encodingLabel(decoded.encoding), bom: decoded.bom ? ' (BOM)' : '' })}
            </Badge>
            {decoded.problem && (
              <Select
                size="xs"
                w={220}
                label={t('recipients.import.chooseEncoding')}
                data={CSV_ENCODINGS.map((e) => ({ value: e, label: encodingLabel(e) }))}
                onChange={(v) => v && read(bytes, v as CsvEncoding)}
                data-testid="csv-encoding-choice"
              />
            )}
          </Group>
        )}
        {decoded?.problem && (
          <Alert color="red" title={t('recipients.import.undecodableTitle')} data-testid="csv-undecodable">
            {t(`recipients.import.undecodable.${decoded.problem.kind}`, { ...decoded.problem, e: encodingLabel(decoded.encoding) })}
          </Alert>
        )}
        {parsed && (
          <>
            <Group gap="xs">
              <Badge variant="light">{t('recipients.import.rows', { count: parsed.rows.length })}</Badge>
              <Badge variant="light" color="gray">
                {t('recipients.import.delimiter', { d: parsed.delimiter === '\t' ? 'TAB' : parsed.delimiter })}
              </Badge>
              {parsed.ignored.length > 0 && (
                <Badge variant="light" color="yellow">
                  {t('recipients.import.ignored', { cols: parsed.ignored.join(', ') })}
                </Badge>
              )}
            </Group>
            {parsed.problems.map((p) => (
              <Text key={p} size="xs" c="orange.8">
                {p}
              </Text>
            ))}
            {errors.length + otherErrors.length > 0 && (
              <Alert color="red" title={t('recipients.import.refusedTitle')} data-testid="csv-refused">
                {t('recipients.import.refused', { count: badRows.size })}
                {otherErrors.map((o) => (
                  <div key={o}>{o}</div>
                ))}
              </Alert>
            )}
            <ScrollArea.Autosize mah="55vh" type="auto">
              <Table striped withTableBorder withColumnBorders verticalSpacing={4} fz="xs" data-testid="csv-preview" style={{ whiteSpace: 'nowrap' }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={50}>{t('recipients.import.row')}</Table.Th>
                    {parsed.columns.map((c) => (
                      <Table.Th key={c}>{t(`recipients.csv.${c}`)}</Table.Th>
                    ))}
                    {errors.length > 0 && <Table.Th>{t('recipients.import.errors')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map(({ r, i }) => (
                    <Table.Tr key={i} data-testid={`csv-row-${i + 1}`} bg={badRows.has(i) ? 'red.0' : undefined}>
                      <Table.Td>{i + 1}</Table.Td>
                      {parsed.columns.map((c) => {
                        const errs = errorAt(i, c);
                        return (
                          <Table.Td key={c} data-col={c} style={errs.length ? { outline: '2px solid var(--mantine-color-red-5)', outlineOffset: -2 } : undefined}>
                            {errs.length ? (
                              <Tooltip label={errs.map((e) => e.message).join('; ')}>
                                <span>{r[c] ?? ''}</span>
                              </Tooltip>
                            ) : (
                              r[c] ?? ''
                            )}
                          </Table.Td>
                        );
                      })}
                      {errors.length > 0 && (
                        <Table.Td c="red.8" style={{ whiteSpace: 'normal', minWidth: 220 }} data-testid={`csv-row-errors-${i + 1}`}>
                          {errors
                            .filter((e) => e.index === i)
                            .map((e) => (
                              <div key={e.path + e.message}>
                                {e.column ? t(`recipients.csv.${e.column}`) : e.path}: {e.message}
                              </div>
                            ))}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {parsed.rows.length > shown.length && (
              <Text size="xs" c="dimmed">
                {t('recipients.import.more', { count: parsed.rows.length - shown.length })}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void importAll()} disabled={!parsed?.rows.length} loading={busy} data-testid="csv-import">
            {t('recipients.import.go', { count: parsed?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
