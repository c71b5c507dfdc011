/** Freezes `o` and every object inside it: one object shared by every caller (settings, kept answers) cannot be changed by one. */
export function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) deepFreeze(v as object);
  return Object.freeze(o);
}
