// Player names are shown on every dashboard and read aloud: a name may not hide characters
// (controls, bidi overrides, zero-width marks) nor pass for another player's name.

/** Controls, and invisible format characters: bidi overrides and isolates, zero-width marks, the BOM. */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** Marks and spacing dropped when names are compared. */
const IGNORED = /[\p{M}\p{Z}\s]/gu;

/** The form two names are compared in: compatibility-folded, case-folded, without marks or spaces. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKD').replace(IGNORED, '');
}

/** Null when the names may be used, else why not (for people). */
export function checkPlayerNames(players: readonly string[]): string | null {
  const seen = new Map<string, string>();
  for (const name of players) {
    const hidden = HIDDEN.exec(name);
    if (hidden !== null) {
      const code = hidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      return `the name ${JSON.stringify(name)} holds a hidden or control character (U+${code}): type it again`;
    }
    const key = nameKey(name);
    if (key === '') return `the name ${JSON.stringify(name)} has no visible letters`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return `the names ${JSON.stringify(earlier)} and ${JSON.stringify(name)} look alike: give the players names that tell them apart`;
    seen.set(key, name);
  }
  return null;
}
