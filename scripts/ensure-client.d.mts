/** Builds the dashboard if its dist is missing or stale; returns true when it built. */
export function ensureClientBuilt(): boolean;
