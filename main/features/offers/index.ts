/**
 * The offers area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { chainStateWhere, invoiceDraftFrom, type OfferState, offerToOrderConfirmation } from './offers.service.js';
