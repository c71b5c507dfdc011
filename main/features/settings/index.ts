/**
 * The settings area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { sendingSettings } from './sending-section.js';
export { ORG_FORMS, type Settings } from './settings.schema.js';
export { onApiKeyRenewed } from './key-renewal.js';
export { getSettings, type ReadSettings, updateSettings } from './settings.service.js';
