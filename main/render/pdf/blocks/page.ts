/** The A4 page every document of the invoice family prints on: margins, fonts, metadata, "Side X av Y", draft watermark. */
import { INK, MARGIN_B, MARGIN_L, MARGIN_R, MARGIN_T, MM, MUTED, type Content, type ContentObject } from '../layout';

export interface PageFrame {
  /** "Faktura 10001": the PDF title and the running head from page 2 on. */
  heading: string;
  author: string;
  subject: string;
  draft?: boolean;
  content: Content[];
}

export function pageFrame(p: PageFrame): ContentObject {
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_L, MARGIN_T, MARGIN_R, MARGIN_B],
    info: { title: p.heading, author: p.author, subject: p.subject, creator: 'Kvitt', producer: 'Kvitt' },
    defaultStyle: { font: 'Helvetica', fontSize: 9, color: INK, lineHeight: 1.05 },
    ...(p.draft ? { watermark: { text: 'UTKAST', color: '#9aa5b1', opacity: 0.15, bold: true } } : {}),
    header: (currentPage: number, pageCount: number): Content => ({
      margin: [MARGIN_L, 8 * MM, MARGIN_R, 0],
      columns: [
        { text: currentPage > 1 ? `${p.heading} · ${p.author}` : '', fontSize: 7.5, color: MUTED },
        { text: `Side ${currentPage} av ${pageCount}`, alignment: 'right', fontSize: 7.5, color: MUTED, width: 100 },
      ],
    }),
    content: p.content,
  };
}
