import { Box, Center, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { renderPdf } from './pdf-render';

/**
 * Shows a PDF blob as rendered pages (pdf.js on canvases), scrolling inside the panel. The previous
 * rendering stays until the next one is ready, so the live preview does not flicker while typing.
 */
export function PdfFrame({ blob, loading, message, height = 760, title }: { blob: Blob | null; loading?: boolean; message?: string | null; height?: number | string; title: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const el = pagesRef.current;
    if (!blob || !el) return;
    const signal = { cancelled: false };
    const width = Math.max(200, el.clientWidth - 24);
    blob
      .arrayBuffer()
      .then((buf) => renderPdf(new Uint8Array(buf), el, width, signal))
      .then(() => {
        if (!signal.cancelled) {
          setRendered(true);
          setFailed(null);
        }
      })
      .catch((e) => !signal.cancelled && setFailed(e instanceof Error ? e.message : String(e)));
    return () => {
      signal.cancelled = true;
    };
  }, [blob]);

  const note = failed ?? (rendered ? null : message);
  return (
    <Paper withBorder h={height} pos="relative" style={{ overflow: 'hidden', background: 'var(--mantine-color-gray-2)' }} data-testid="pdf-frame" aria-label={title} role="document">
      <Box ref={pagesRef} h="100%" p={12} style={{ overflow: 'auto' }} data-testid="pdf-pages" data-rendered={rendered ? 'true' : 'false'} />
      {loading || (!rendered && note) ? (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          {loading && !rendered ? (
            <Loader size="sm" />
          ) : note ? (
            <Text size="sm" c="dimmed" maw={260} ta="center">
              {note}
            </Text>
          ) : null}
        </Center>
      ) : null}
      {loading && rendered ? <Loader size="xs" pos="absolute" top={8} right={12} /> : null}
    </Paper>
  );
}
