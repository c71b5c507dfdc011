/**
 * The audit area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { audit, type AuditEntry, auditMany } from './audit.service.js';
