/**
 * The settings area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { sendingSettings } from './sending-section.js';
export { ORG_FORMS, type Settings } from './settings.schema.js';
export { onApiKeyRenewed } from './key-renewal.js';
export { getSettings, type ReadSettings, updateSettings } from './settings.service.js';
