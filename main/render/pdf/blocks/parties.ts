/**
 * Header blocks: the seller (logo, name, address, "Org.nr. … MVA", Foretaksregisteret, contact) top right (the
 * facts under it are drawn by direct/), the title top left, and the buyer's address where a C5/C4 window envelope shows it.
 */
import type { DocumentView } from '../../document-view';
import { formatOrgNumber, needsForetaksregisteret } from '../../format';
import {
  ACCENT, addressLines, at, MM, MUTED, INK, nonEmpty, WINDOW_X, WINDOW_Y, type Content, type ContentObject,
} from '../layout';

export type FactRow = [label: string, value: string];

export function sellerBlock(doc: DocumentView, withLogo: boolean): Content[] {
  const s = doc.seller;
  const out: Content[] = [];
  if (withLogo && s.logo && /^data:image\/(png|jpe?g);base64,/i.test(s.logo)) {
    out.push({ image: s.logo, fit: [170, 48], margin: [0, 0, 0, 6] });
  }
  out.push({ text: s.name, bold: true, fontSize: 11, color: INK });
  for (const l of addressLines(s)) out.push({ text: l });
  if (nonEmpty(s.orgNumber)) {
    out.push({ text: `Org.nr. ${formatOrgNumber(s.orgNumber!, s.vatRegistered === true)}`, margin: [0, 3, 0, 0] });
  }
  if (needsForetaksregisteret(s.orgForm)) out.push({ text: 'Foretaksregisteret' });
  const contact: string[] = [];
  if (nonEmpty(s.phone)) contact.push(`Tlf. ${s.phone!.trim()}`);
  if (nonEmpty(s.mobile)) contact.push(`Mob. ${s.mobile!.trim()}`);
  if (contact.length) out.push({ text: contact.join('  '), margin: [0, 3, 0, 0] });
  if (nonEmpty(s.email)) out.push({ text: s.email!.trim() });
  if (nonEmpty(s.web)) out.push({ text: s.web!.trim() });
  return out;
}

/** The big coloured title with smaller lines under it. */
export function titleBlock(title: string, lines: string[], lineStyle: ContentObject = { color: INK }): Content[] {
  const out: Content[] = [{ text: title, fontSize: 24, bold: true, color: ACCENT }];
  for (const s of lines) out.push({ text: s, fontSize: 10, ...lineStyle, margin: [0, 2, 0, 0] });
  return out;
}

/** The sender line and the buyer's name and address in the envelope window. */
export function buyerAddress(doc: DocumentView): Content[] {
  const b = doc.buyer;
  const s = doc.seller;
  const sender = [s.name, nonEmpty(s.address1), [nonEmpty(s.zip), nonEmpty(s.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const width = 85 * MM;
  return [
    at(WINDOW_X, WINDOW_Y - 11, width, { text: sender, fontSize: 6.5, color: MUTED }),
    at(WINDOW_X, WINDOW_Y, width, {
      stack: [
        { text: b.name, bold: true },
        ...addressLines(b).map((l) => ({ text: l })),
      ],
      fontSize: 10.5,
      lineHeight: 1.1,
    }),
  ];
}
