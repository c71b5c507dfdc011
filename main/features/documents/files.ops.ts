import { Type } from '@sinclair/typebox';
import { defineOp } from '../../ops/define.js';
import type { AppContext } from '../../context.js';
import type { DocumentView } from '../../render/document-view.js';
import { getSettings } from '../settings/index.js';
import { DraftInput } from './documents.schema.js';
import { checkDraft } from './draft-input.js';
import { assembleView, buildView } from './document-view.builder.js';
import { numbersOf, type DocRow, type LineRow } from './document-rows.js';
import { originatorSnapshot } from './party.js';
import { FileOf } from '../../ops/output.js';
import { pdfOf } from './files.service.js';

/** The view of a draft body that is not saved (the editor's live preview). */
async function previewView(ctx: AppContext, input: DraftInput, kind: 'invoice' | 'offer' | 'order-confirmation'): Promise<DocumentView> {
  const settings = await getSettings(ctx);
  const checked = await checkDraft(ctx, settings, kind, input);
  const now = ctx.clock.timestamp();
  const doc: DocRow = {
    id: 0, series: null, number: null, originator_snapshot: null, kid: null, international: null, source_document_id: null,
    content_hash: null, issued_at: null, created_at: now, updated_at: now, ...checked.doc,
    issue_date: checked.doc.issue_date ?? ctx.clock.today(),
  };
  const lines: LineRow[] = checked.lines.map((l, i) => ({ ...l, document_id: 0, line_no: i + 1 }));
  const credited = doc.credited_document_id !== null ? (await numbersOf(ctx.db, [doc.credited_document_id])).get(doc.credited_document_id) : undefined;
  return assembleView({
    doc,
    lines,
    seller: originatorSnapshot(settings),
    buyer: JSON.parse(doc.recipient_snapshot),
    credited: credited ? { number: credited.number, issueDate: credited.issueDate } : null,
  });
}

export const documentFileOps = [
  defineOp({
    name: 'documents.previewPdf',
    output: FileOf('application/pdf'),
    method: 'POST',
    path: '/documents/preview-pdf',
    summary: "A draft body rendered as PDF without saving anything (the editor's live preview); kind invoice (default, also credit notes), offer or order-confirmation",
    query: Type.Object({
      kind: Type.Optional(Type.Union([Type.Literal('invoice'), Type.Literal('offer'), Type.Literal('order-confirmation')], { default: 'invoice' })),
    }),
    body: DraftInput,
    run: async ({ query, body }, ctx) => pdfOf(await previewView(ctx, body, query.kind ?? 'invoice')),
  }),
];

