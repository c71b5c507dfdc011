/**
 * The offers area's entry file: what other areas may use of it (test/architecture/import-graph.test.ts).
 */
export { chainStateWhere, invoiceDraftFrom, type OfferState, offerToOrderConfirmation } from './offers.service.js';
