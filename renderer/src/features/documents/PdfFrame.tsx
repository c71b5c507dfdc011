import { Center, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Shows a PDF blob in an iframe (object URL revoked when it changes). */
export function PdfFrame({ blob, loading, message, height = 760, title }: { blob: Blob | null; loading?: boolean; message?: string | null; height?: number | string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return (
    <Paper withBorder h={height} pos="relative" style={{ overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }} data-testid="pdf-frame">
      {url ? <iframe title={title} src={url} style={{ width: '100%', height: '100%', border: 0 }} /> : null}
      {!url || loading ? (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          {loading ? (
            <Loader size="sm" />
          ) : (
            <Text size="sm" c="dimmed" maw={260} ta="center">
              {message}
            </Text>
          )}
        </Center>
      ) : null}
    </Paper>
  );
}
