import { useRef } from 'react';

/**
 * `run` guarded against a second call while the first is still out (Ctrl+S pressed twice before the answer, Lagre in
 * the leave question then Ctrl+S, Enter twice on a new label): such a call gets the promise of the one that is out —
 * the same save, not a second create. Once it has settled the next call runs again. Always runs the latest render's
 * `run`; the returned function is the same on every render.
 */
export function useOneAtATime<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const latest = useRef(run);
  latest.current = run;
  const out = useRef<Promise<R> | null>(null);
  const guarded = useRef((...args: A): Promise<R> => {
    if (out.current) return out.current;
    const p = latest.current(...args).finally(() => {
      out.current = null;
    });
    out.current = p;
    return p;
  });
  return guarded.current;
}
