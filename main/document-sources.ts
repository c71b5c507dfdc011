/**
 * The sent document types other areas own, registered with sending at the composition root (beside op-table.ts and
 * task-table.ts), so that sending imports none of them: a dunning's letter is read by the dunnings' own source.
 * main/app.ts loads this file.
 */
import { dunningSource } from './features/dunnings/dunning.source.js';
import { registerDocumentSource } from './features/sending/document-source.js';

registerDocumentSource('dunning', dunningSource);
