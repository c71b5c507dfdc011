import { fieldError, OpError } from './errors.js';

/**
 * Bounds on input, checked before anything walks it (validation, the audit log, JSON.stringify): nesting deeper than
 * MAX_DEPTH is a 400, so no recursive code downstream can overflow the stack on a request.
 */
export const MAX_DEPTH = 32;

const tooDeep = () => new OpError('TOO_DEEP', `The input is nested more than ${MAX_DEPTH} levels deep`, [fieldError('(body)', 'TOO_DEEP', { max: MAX_DEPTH })], { max: MAX_DEPTH });

/**
 * JSON.parse for request bodies: the nesting depth is measured on the text first (one pass, strings skipped), so a
 * body 5,000 arrays deep is refused without being built.
 */
export function parseBoundedJson(text: string, maxDepth = MAX_DEPTH): unknown {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string in one native search for its closing quote (one not preceded by an odd run of backslashes).
      let j = text.indexOf('"', i + 1);
      while (j !== -1 && escaped(text, j)) j = text.indexOf('"', j + 1);
      if (j === -1) break; // unterminated: JSON.parse says so
      i = j;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) throw tooDeep();
    } else if (c === 93 || c === 125) depth--;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OpError('MALFORMED_JSON', 'The body is not valid JSON');
  }
}

function escaped(text: string, quote: number): boolean {
  let n = 0;
  for (let k = quote - 1; text.charCodeAt(k) === 92; k--) n++;
  return n % 2 === 1;
}

/** The same bound for input that did not come as JSON text (IPC): an iterative walk, so it cannot overflow itself. */
export function assertDepth(value: unknown, maxDepth = MAX_DEPTH): void {
  if (value === null || typeof value !== 'object') return;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > maxDepth) throw tooDeep();
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') stack.push([x, d + 1]);
    } else if (!ArrayBuffer.isView(v)) {
      for (const k in v as object) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== null && typeof x === 'object') stack.push([x, d + 1]);
      }
    }
  }
}
