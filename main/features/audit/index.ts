/**
 * The audit area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { audit, type AuditEntry, auditMany } from './audit.service.js';
