// German announcements. The game's own words come from the German rule sheet: Palette, Leinwand,
// the colours (Rot … Violett) and the rules ("meiste Karten in verschiedenen Farben").
import type { Phase, Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

const NUMBERS = ['keine', 'eine', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf'];
const count = (n: number) => NUMBERS[n] ?? String(n);
/** After "mit" the count is dative: "mit einer Karte", "mit drei Karten". */
const countDative = (n: number) => (n === 1 ? 'einer' : count(n));
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const points = (n: number) => `${n} ${n === 1 ? 'Punkt' : 'Punkten'}`;

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;

/** What a leader holds, by rule, in the dative after "mit" ("mit drei verschiedenen Farben", "mit einer geraden Karte"). */
const HOLDS: Record<Exclude<Rule, 'red'>, (n: number) => string> = {
  orange: (n) => `${countDative(n)} ${n === 1 ? 'Karte' : 'Karten'} einer Zahl`,
  yellow: (n) => `${countDative(n)} ${n === 1 ? 'Karte' : 'Karten'} einer Farbe`,
  green: (n) => `${countDative(n)} ${n === 1 ? 'geraden Karte' : 'geraden Karten'}`,
  blue: (n) => `${countDative(n)} ${n === 1 ? 'Farbe' : 'verschiedenen Farben'}`,
  indigo: (n) => `${countDative(n)} ${n === 1 ? 'Karte' : 'Karten'} in einer Reihe`,
  violet: (n) => `${countDative(n)} ${n === 1 ? 'Karte' : 'Karten'} unter 4`,
};

const PHASE: Record<Phase, string> = { setup: 'Startkarten werden verteilt', turn: 'läuft', roundOver: 'Runde beendet', gameOver: 'Spiel beendet' };

export const de: Catalogue = {
  colour: { red: 'Rot', orange: 'Orange', yellow: 'Gelb', green: 'Grün', blue: 'Blau', indigo: 'Indigo', violet: 'Violett' },
  rule: {
    red: 'Rot, höchste Karte',
    orange: 'Orange, meiste Karten einer Zahl',
    yellow: 'Gelb, meiste Karten einer Farbe',
    green: 'Grün, meiste gerade Karten',
    blue: 'Blau, meiste Karten in verschiedenen Farben',
    indigo: 'Indigo, meiste Karten in einer Reihe',
    violet: 'Violett, meiste Karten unter 4',
  },
  list,
  gameStarted: (players, advanced, actions) =>
    `Neues Spiel für ${list(players)}${advanced ? ', Red7 für Fortgeschrittene' : ''}${actions ? ', mit Kartenaktionen' : ''}.`,
  roundStarted: (round) => `Runde ${round}: Jeder Spieler erhält eine offene Karte für seine Palette.`,
  cardDealt: (name, card) => `${name} beginnt mit ${card} auf der Palette.`,
  turnStarted: (name) => `${name} ist am Zug.`,
  playedPalette: (name, card) => `${name} spielt ${card} auf die Palette.`,
  playedCanvas: (name, card, rule) => `${name} legt ${card} auf die Leinwand: Es gilt jetzt ${rule}.`,
  ruleChanged: (rule) => `Es gilt jetzt ${rule}.`,
  discardedCanvas: (name, card, rule) => `${name} legt ${card} von der Palette auf die Leinwand: Es gilt jetzt ${rule}.`,
  discardedDeck: (name) => `${name} legt eine Karte der Palette verdeckt auf den Nachziehstapel.`,
  taken: (name, from) => `${name} nimmt eine Karte von der Palette von ${from} und legt sie verdeckt auf den Nachziehstapel.`,
  orderWarning: (name) => `Hinweis: ${name} hat zuerst auf die Leinwand gespielt; nach den Regeln kommt die Palette zuerst.`,
  notWinningYet: (name, rule) =>
    `${name} hat mit der neuen Regel (${rule}) noch nicht die beste Palette: Eine Karte, die jetzt auf die Palette gespielt wird, kann das noch ändern; sonst die Karte von der Leinwand zurücknehmen.`,
  bonusWithdrawn: (name, palette) =>
    `Doch kein Leinwand-Bonus für ${name}: Die Zahl der Leinwand-Karte ist nicht höher als die ${palette === 1 ? 'eine Karte' : `${count(palette)} Karten`} auf der Palette.`,
  drew: {
    action: (name) => `${name} zieht eine Karte (Aktion der 3).`,
    bonus: (name) => `${name} zieht eine Karte (Leinwand-Bonus).`,
  },
  pending: {
    1: (name) => `${name} muss die Aktion der 1 ausführen: eine Karte von einer mindestens gleich großen Palette verdeckt auf den Nachziehstapel legen.`,
    3: (name) => `${name} muss die Aktion der 3 ausführen: eine Karte ziehen.`,
    5: (name) => `${name} muss die Aktion der 5 ausführen: eine weitere Karte auf die Palette spielen.`,
    7: (name) => `${name} muss die Aktion der 7 ausführen: eine Karte der Palette auf die Leinwand oder verdeckt auf den Nachziehstapel legen.`,
  },
  oneNotOwed: (name) => `${name} muss die Aktion der 1 jetzt nicht ausführen: Keine Karte, die genommen werden darf, hielte ${name} in der Runde.`,
  pendingBonus: (name) => `${name} darf eine Karte ziehen (Leinwand-Bonus).`,
  skipped: {
    'empty-hand': (name, action) => `Die ${action} von ${name} bleibt ohne Wirkung: keine Handkarten mehr.`,
    'empty-deck': (name, action) => `Die ${action} von ${name} bleibt ohne Wirkung: der Nachziehstapel ist leer.`,
    'no-target': (name, action) => `Die ${action} von ${name} bleibt ohne Wirkung: keine Palette, von der genommen werden darf.`,
  },
  out: {
    'not-winning': (name) => `${name} hat nicht die beste Palette und scheidet aus der Runde aus.`,
    passed: (name) => `${name} passt und scheidet aus der Runde aus.`,
    'empty-hand': (name) => `${name} hat keine Handkarten mehr und scheidet aus der Runde aus.`,
  },
  roundWon: (name, round, rule) => `${name} gewinnt Runde ${round} unter ${rule}.`,
  scored: (name, cards, points, total) =>
    `${name} erhält ${points} ${points === 1 ? 'Punkt' : 'Punkte'} für ${list(cards)}, insgesamt ${total}.`,
  gameOver: {
    target: (name, n) => `Spielende: ${name} gewinnt mit ${points(n)}.`,
    deck: (name, n) => `Spielende, zu wenige Karten für eine weitere Runde: ${name} gewinnt mit ${points(n)}.`,
    basic: (name) => `Spielende: ${name} gewinnt.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} führt mit der höchsten Karte, ${best}.` : `${name} führt mit ${HOLDS[rule](n)}, beste Karte ${best}.`,
  nobodyLeads: () => 'Niemand hat die beste Palette.',
  illegal: {
    'not-your-turn': (name) => `${name ?? 'Jemand'} hat außer der Reihe gespielt: Karte zurücknehmen.`,
    out: (name) => `${name ?? 'Diese Person'} ist aus der Runde ausgeschieden und darf nicht spielen.`,
    'not-winning': (name) => `Ungültiger Zug: ${name ?? 'der Spieler'} hätte unter dieser Regel nicht die beste Palette. Karte von der Leinwand zurücknehmen.`,
    'turn-not-winning': (name) => `${name ?? 'Der Spieler'} hätte am Ende des Zuges nicht die beste Palette: Karte mit UNDO von der Leinwand zurücknehmen oder weiterspielen.`,
    visible: (name) => `Ungültiger Zug von ${name ?? 'jemandem'}: Diese Karte kann nicht auf der Hand sein. Karte prüfen.`,
    'second-play': (name) => `${name ?? 'Der Spieler'} hat das in diesem Zug schon getan.`,
    'action-owed': (name) => `${name ?? 'Der Spieler'} muss zuerst die Kartenaktion ausführen.`,
    'not-allowed': (name) => `${name ?? 'Der Spieler'} darf das jetzt nicht.`,
    'nothing-played': (name) => `${name ?? 'Der Spieler'} hat noch nicht gespielt: eine Karte spielen oder passen.`,
    phase: () => 'Das ist an dieser Stelle des Spiels nicht möglich.',
    'one-while-losing': (name) => `${name ?? 'Der Spieler'} darf die 1 nur nutzen, wenn er in der Runde bleibt.`,
    'plays-over': (name) => `${name ?? 'Der Spieler'} hat die Bonuskarte gezogen, damit ist der Zug gespielt: DONE drücken.`,
    'bad-card': (name) => `${name === null ? 'Die Karte des Spielers' : `Die Karte von ${name}`} ist nicht verwendbar: erneut scannen oder eingeben.`,
    other: () => 'Dieser Befehl wurde abgelehnt.',
  },
  rescan: (name) => `Die Karte von ${name} war nicht lesbar: erneut scannen oder von Hand wählen.`,
  undone: (what) => `Zurückgenommen: ${what}.`,
  nowTurn: (name) => `${name} ist am Zug.`,
  nowDeal: () => 'Startkarten verteilen: Jeder Platz drückt PALETTE und scannt oder wählt seine Karte.',
  nowNextRound: () => 'Die Runde ist vorbei: Die nächste Runde beginnen, sobald der Tisch bereit ist.',
  command: {
    newGame: (players) => `neues Spiel für ${list(players)}`,
    deal: (name, card) => `Startkarte von ${name}${card === null ? '' : `, ${card}`}`,
    palette: (name, card) => `${name} spielt ${card ?? 'eine noch zu scannende Karte'} auf die Palette`,
    canvas: (name, card) => `${name} legt ${card ?? 'eine noch zu scannende Karte'} auf die Leinwand`,
    endTurn: (name) => `${name} beendet den Zug`,
    pass: (name) => `${name} passt`,
    draw: (name) => `${name} zieht eine Karte`,
    discardCanvas: (name, card) => `${name} legt ${card} von der Palette auf die Leinwand (Aktion der 7)`,
    discardDeck: (name) => `${name} legt eine Karte der Palette verdeckt auf den Nachziehstapel (Aktion der 7)`,
    take: (name, from) => `${name} nimmt eine Karte von der Palette von ${from} (Aktion der 1)`,
    nextRound: () => 'nächste Runde',
    undo: () => 'Rücknahme',
    correct: (seq, card) => `Befehl ${seq} korrigiert zu ${card}`,
    correction: (seq) => `die Korrektur von Befehl ${seq}`,
  },
  transcript: {
    header: (id, players, startedAt, commands, phase) =>
      `Spiel ${id}: ${list(players)}; begonnen ${startedAt}; ${plural(commands, 'Befehl', 'Befehle')}; ${phase === null ? 'nicht begonnen' : PHASE[phase]}`,
    refused: (code) => `(bei der Wiedergabe abgelehnt: ${code})`,
  },
  corrected: (seq, card, invalidated) =>
    `Befehl ${seq} korrigiert${card === null ? '' : ` zu ${card}`}.` +
    (invalidated.length === 0 ? '' : ` Nicht mehr möglich und entfernt: ${list(invalidated.map(String))}.`),
};
