/**
 * Renders PDF pages to canvases with pdf.js. The Electron window runs without the Chromium PDF plugin
 * (and headless Chromium has none), so an <iframe> of a PDF shows nothing there; canvases work everywhere.
 * Loaded on demand so the main bundle stays small.
 */
export async function renderPdf(data: Uint8Array, container: HTMLElement, width: number, signal: { cancelled: boolean }): Promise<number> {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerPort) {
    // Bundled by Vite as a .js worker (a .mjs asset may be served with the wrong MIME type).
    const PdfWorker = (await import('pdfjs-dist/build/pdf.worker.min.mjs?worker')).default;
    pdfjs.GlobalWorkerOptions.workerPort = new PdfWorker();
  }
  const doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
  const canvases: HTMLCanvasElement[] = [];
  const ratio = window.devicePixelRatio || 1;
  for (let n = 1; n <= Math.min(doc.numPages, 10); n++) {
    if (signal.cancelled) break;
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (width / base.width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.display = 'block';
    canvas.style.margin = '0 auto 12px';
    canvas.style.boxShadow = '0 1px 4px rgba(0,0,0,.18)';
    canvas.style.background = 'white';
    canvas.setAttribute('aria-label', `side ${n}`);
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    canvases.push(canvas);
  }
  const pages = doc.numPages;
  await doc.destroy();
  if (!signal.cancelled) container.replaceChildren(...canvases);
  return pages;
}
