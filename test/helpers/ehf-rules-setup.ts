/**
 * Vitest global setup: the official EHF rules built for the in-process validator (scripts/build-ehf-rules.mjs, cached by
 * the sources' hash, so this is quick after the first time). Under CI a missing ../shared/peppol fails the run.
 */
export default async function setup(): Promise<void> {
  // @ts-expect-error a plain .mjs script without types
  const { buildEhfRules } = (await import('../../scripts/build-ehf-rules.mjs')) as { buildEhfRules: (opts?: unknown) => Promise<{ dir: string | null }> };
  await buildEhfRules();
}
