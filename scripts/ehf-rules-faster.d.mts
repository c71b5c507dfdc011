/** Types of ehf-rules-faster.mjs (the build script is plain JavaScript; tests import it). */
export function booleanPredicate(predicate: string): boolean;
export function hoistableSteps(test: string): { at: number; length: number; key: string }[];
export function hoistDocumentScans(text: string): { xslt: string; hoisted: number; templates: number };
export function dropDefaultWalks(text: string): { xslt: string; dropped: number };
export function elementWalks(text: string): { xslt: string; walks: number; modes: string[] };
export function fasterRules(text: string): { xslt: string; hoisted: number; droppedWalks: number; elementWalks: number };
