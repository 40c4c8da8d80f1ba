/** True when dist/ is missing or older than a source. */
export function isStale(): boolean;
/** Compiles the companion to dist/ and links the assets it reads beside itself. */
export function build(): void;
/** Builds when stale; returns true when it built. */
export function ensureBuilt(): boolean;
