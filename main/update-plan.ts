/**
 * Whether Kvitt may ask the update feed, and which feed (main/updater.ts acts on it). Plain Node, so the rule is tested
 * without Electron: never from the sources (npm start), never unless the setting is on; KVITT_UPDATE_FEED (an http(s)
 * URL) replaces the built-in feed.
 */
export interface UpdatePlan {
  check: boolean;
  /** null: the feed built into the app (electron-builder.yml `publish`). */
  feed: string | null;
}

export function updatePlan(o: { packaged: boolean; automatic: boolean; feedOverride?: string }): UpdatePlan {
  const feed = o.feedOverride && /^https?:\/\/[^\s]+$/.test(o.feedOverride) ? o.feedOverride : null;
  return { check: o.packaged && o.automatic, feed };
}
