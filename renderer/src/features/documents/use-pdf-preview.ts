import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ApiError, call, fileToBlob, formBody } from '../../api/client';
import type { DocumentFileOpName } from '../../api/op-types';
import { OPS } from './doc-ops';
import type { DocKind, DraftBody } from './document.types';

/**
 * A live PDF preview of an unsaved draft body: the preview-pdf operation, called at most once per pause
 * in typing (every kind: invoices, credit notes, offers, order confirmations). Returns the blob, whether it is loading and why there is none.
 */
export function usePdfPreview(kind: DocKind, body: DraftBody | null, enabled: boolean) {
  const key = enabled && body ? JSON.stringify({ kind, body }) : null;
  const [debounced] = useDebouncedValue(key, 700);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!debounced) return;
    let live = true;
    setLoading(true);
    const { kind: k, body: b } = JSON.parse(debounced) as { kind: DocKind; body: DraftBody };
    // Credit notes are invoice-series drafts with credit: true.
    call(OPS.previewPdf, { query: { kind: k === 'credit-note' ? 'invoice' : k }, body: formBody(b) })
      .then((v) => {
        if (!live) return;
        setBlob(fileToBlob(v).blob);
        setProblem(null);
      })
      .catch((e) => {
        if (!live) return;
        setProblem(e instanceof ApiError ? e.message : String(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [debounced]);

  // Waiting for the pause in typing counts as loading, so the panel never shows a stale hint.
  return { blob, loading: loading || (key !== null && key !== debounced), problem };
}

/** The PDF of a saved draft (kinds the live preview does not render), fetched again after each save. */
export function useSavedDraftPdf(op: DocumentFileOpName | null, number: number | null, version: number, enabled: boolean) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !op || number === null) return;
    let live = true;
    setLoading(true);
    call(op, { params: { number } })
      .then((v) => live && (setBlob(fileToBlob(v).blob), setProblem(null)))
      .catch((e) => live && setProblem(e instanceof ApiError ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [op, number, version, enabled]);
  return { blob, loading, problem };
}
