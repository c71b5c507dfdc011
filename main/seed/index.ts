/**
 * The seed area's entry file: the one file other areas and the composition root import it through
 * (test/architecture/area-graph.ts).
 */
export { seedAll } from './seed.js';
