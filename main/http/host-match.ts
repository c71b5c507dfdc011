/** A Host header check for the loopback names and `extra` names, each with an optional port (checked by the caller). */
export function hostMatcher(extra: readonly string[]): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = ['127\\.0\\.0\\.1', 'localhost', '\\[::1\\]', ...extra.map(esc)];
  return new RegExp(`^(${names.join('|')})(?::(\\d+))?$`, 'i');
}
