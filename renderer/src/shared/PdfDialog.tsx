import { Button, Group, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, downloadBlob, fileToBlob } from '../api/client';
import type { DocumentFileOpName, InputOf } from '../api/op-types';
import { PdfFrame } from './PdfFrame';

/** Where a PDF comes from: a document's file operation and its number, or a printed shipment's PDF by id. */
type PdfSource = { op: DocumentFileOpName; number: number; params?: undefined } | { op: 'sending.shipmentPdf'; params: InputOf<'sending.shipmentPdf'>['params']; number?: undefined };

const loadPdf = (source: PdfSource) => (source.op === 'sending.shipmentPdf' ? call(source.op, { params: source.params }) : call(source.op, { params: { number: source.number } }));

/** Opens a document's PDF (an operation with `{params: {number}}`, or a shipment's by `params`) in a large dialog, with download. */
export function PdfDialog({ title, opened, onClose, ...source }: PdfSource & { title: string; opened: boolean; onClose: () => void }) {
  const { op, number, params } = source;
  const { t } = useTranslation();
  const [file, setFile] = useState<{ blob: Blob; filename: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    setFile(null);
    setError(null);
    loadPdf(source)
      .then((v) => live && setFile(fileToBlob(v)))
      .catch((e) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
    // params is a fresh object on every render: its JSON is the dependency
  }, [opened, op, number, JSON.stringify(params ?? null)]);
  return <PdfModal title={title} opened={opened} onClose={onClose} blob={file?.blob ?? null} filename={file?.filename} loading={!file && !error} message={error} />;
}

/** The large PDF dialog around a blob already at hand (the editor's live preview enlarged), or one PdfDialog fetched. */
export function PdfModal({ title, opened, onClose, blob, filename, loading, message }: { title: string; opened: boolean; onClose: () => void; blob: Blob | null; filename?: string; loading?: boolean; message?: string | null }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="min(1000px, 90vw)" centered>
      <PdfFrame title={title} blob={blob} loading={loading} message={message} height="75vh" />
      <Group justify="flex-end" mt="sm">
        {filename !== undefined || loading ? (
          <Button variant="default" disabled={!blob || !filename} onClick={() => blob && filename && downloadBlob(blob, filename)} data-testid="pdf-download">
            {t('docs.download')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Modal>
  );
}
