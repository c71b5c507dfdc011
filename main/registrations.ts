/**
 * What a lower area needs from a higher one, wired at the composition root (beside op-table.ts and task-table.ts) so
 * that the lower area imports none of them (the area graph in test/architecture/area-graph.ts):
 * - sending: the sent document types other areas own (a dunning's letter is read by the dunnings' own source);
 * - settings: renewing the API key ends the sessions started with the old one (users' sessions, which themselves take
 *   their limits from the settings).
 * main/app.ts loads this file; every server and the desktop app open through it.
 */
import { dunningSource } from './features/dunnings/index.js';
import { registerDocumentSource } from './features/sending/index.js';
import { onApiKeyRenewed } from './features/settings/index.js';
import { endSessionsOf } from './features/users/index.js';

registerDocumentSource('dunning', dunningSource);
onApiKeyRenewed((db, keepSessionId) => endSessionsOf(db, null, keepSessionId));
