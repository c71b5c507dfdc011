/**
 * The sending area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { type DocumentSource, type PostalAddress } from './document-source.types.js';
export { DraftWithShipment, issueAndSend, IssueBody, shipmentOf, withShipments } from './issue-and-send.js';
export { type HistoryEntry, historyOf, queueDocumentShipments, queueMessage, queueSms, recordUnsentSms } from './outbox.js';
export { DeliveryOptions, type ShipmentView } from './sending.schema.js';
export { deliveryFor, ShipmentChoice } from './shipment-choice.js';
export { registerDocumentSource } from './document-source.js';
export { OutboxSender } from './sender.js';
