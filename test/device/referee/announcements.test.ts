import { afterEach, describe, expect, it } from 'vitest';
import { COLOURS, REJECTION_CODES, replay } from '../../../device/rules/index.ts';
import { announce } from '../../../device/referee/announce.ts';
import { ILLEGAL_KIND_OF, ILLEGAL_KINDS, type Catalogue } from '../../../device/referee/i18n/catalogue.ts';
import { CATALOGUES, cardWords } from '../../../device/referee/i18n/index.ts';
import { LANGUAGES, REFEREE_CODES, type CardScanner, type Language } from '../../../device/referee/types.ts';
import { cleanupDirs, OPENING, startedReferee, submitAll } from './helpers.ts';
import { recordGame } from './scripted-games.ts';
import { sample } from './catalogue-samples.ts';

afterEach(cleanupDirs);

/** The keys of a catalogue, one level into its records. */
function keysOf(c: Catalogue): string[] {
  return Object.entries(c).flatMap(([k, v]) => (typeof v === 'object' ? Object.keys(v).map((s) => `${k}.${s}`) : [k])).sort();
}

describe('the announcement catalogues', () => {
  it('exist for exactly the five languages of the rule sheets', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every key the English catalogue has, and no other', (language) => {
    expect(keysOf(CATALOGUES[language])).toEqual(keysOf(CATALOGUES.en));
  });

  it.each(LANGUAGES)('%s renders every entry as real text', (language) => {
    const t = CATALOGUES[language];
    for (const [key, entry] of Object.entries(t)) {
      for (const text of sample(key, entry)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(text, `${language}.${key}`).not.toMatch(/undefined|\bnull\b|NaN|\[object/);
      }
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s translates every sentence instead of falling back to English', (language) => {
    const t = CATALOGUES[language] as unknown as Record<string, unknown>;
    const en = CATALOGUES.en as unknown as Record<string, unknown>;
    for (const key of Object.keys(en).filter((k) => k !== 'colour' && k !== 'list')) {
      const ours = sample(key, t[key]);
      const theirs = sample(key, en[key]);
      ours.forEach((text, i) => expect(text, `${language}.${key}`).not.toBe(theirs[i]));
    }
  });

  it('uses the rule sheets\' own words for palette, canvas and the rules', () => {
    expect(CATALOGUES.de.playedCanvas('Ann', 'Blau 4', CATALOGUES.de.rule.blue)).toBe('Ann legt Blau 4 auf die Leinwand: Es gilt jetzt Blau, meiste Karten in verschiedenen Farben.');
    expect(CATALOGUES.de.playedPalette('Ann', 'Rot 1')).toContain('Palette');
    expect(CATALOGUES.pt.playedCanvas('Ann', 'Azul 4', CATALOGUES.pt.rule.blue)).toBe('Ann descarta Azul 4 na Tela: a regra agora é Azul, mais cores diferentes.');
    expect(CATALOGUES.pt.playedPalette('Ann', 'Azul 4')).toContain('Paleta');
    expect(CATALOGUES.ru.playedCanvas('Ann', 'голубая 4', CATALOGUES.ru.rule.blue)).toContain('холст');
    expect(CATALOGUES.ru.playedPalette('Ann', 'голубая 4')).toContain('палитру');
    expect(CATALOGUES.ko.playedCanvas('Ann', '파랑 4', CATALOGUES.ko.rule.blue)).toContain('캔버스');
    expect(CATALOGUES.ko.playedPalette('Ann', '파랑 4')).toContain('팔레트');
  });

  it('gives every refusal code a family the table hears', () => {
    for (const code of [...REJECTION_CODES, ...REFEREE_CODES]) expect(ILLEGAL_KINDS).toContain(ILLEGAL_KIND_OF[code]);
  });

  it.each(LANGUAGES)('%s names every card by colour word and value', (language) => {
    const words = new Set<string>();
    COLOURS.forEach((_, c) => {
      for (let v = 1; v <= 7; v++) words.add(cardWords(`${'ROYGBIV'[c]}${v}`, language));
    });
    expect(words.size).toBe(49);
    for (const w of words) expect(w).toMatch(/^\S+ [1-7]$/);
  });

  it('names Blue 4 in words in every language', () => {
    expect(LANGUAGES.map((l) => cardWords('B4', l))).toEqual(['Blue 4', 'Blau 4', 'Azul 4', 'голубая 4', '파랑 4']);
  });
});

describe('announcements', () => {
  it('never name the card that goes face down on the deck', () => {
    const { state, events } = replay([
      { type: 'newGame', players: ['Ann', 'Ben'], actions: true },
      { type: 'deal', seat: 0, card: 'R2' },
      { type: 'deal', seat: 1, card: 'B6' },
      { type: 'play', seat: 0, to: 'palette', card: 'O7' },
      { type: 'discard', seat: 0, card: 'R2', to: 'deck' },
    ]);
    expect(events[4]).toEqual([{ type: 'cardDiscarded', seat: 0, card: 'R2', to: 'deck' }]);
    for (const language of LANGUAGES) {
      const lines = announce(events[4]!, state, language);
      expect(lines).toHaveLength(2);
      expect(lines.join(' ')).not.toContain(cardWords('R2', language));
    }
  });

  it('say a 1 is owed when a take keeps its player in, and not owed when none would', () => {
    const base = [
      { type: 'newGame', players: ['Ann', 'Ben'], actions: true },
      { type: 'deal', seat: 0, card: 'G2' },
      { type: 'deal', seat: 1, card: 'V3' },
      { type: 'play', seat: 0, to: 'canvas', card: 'G6' },
      { type: 'endTurn', seat: 0 },
      { type: 'play', seat: 1, to: 'palette', card: 'I4' },
      { type: 'endTurn', seat: 1 },
    ];
    // Taking Indigo 4 would put Ann back in the lead under Green, so she must.
    const owed = replay([...base, { type: 'play', seat: 0, to: 'palette', card: 'R1' }]);
    expect(announce(owed.events.at(-1)!, owed.state, 'en')).toContain('Ann must carry out the 1: put a card from a palette at least as large face down on the deck.');
    // Under Orange, Ben's Indigo 4 and Violet 3 each beat Ann's best card: no single take helps, the sheets free her of the 1.
    const free = replay([...base.slice(0, 5), { type: 'play', seat: 1, to: 'palette', card: 'I4' }, { type: 'play', seat: 1, to: 'canvas', card: 'O4' },
      { type: 'endTurn', seat: 1 }, { type: 'play', seat: 0, to: 'palette', card: 'R1' }]);
    expect(free.state!.players[1]!.out).toBe(false);
    expect(announce(free.events.at(-1)!, free.state, 'en')).toContain('Ann need not carry out the 1 now: no card Ann may take would keep Ann in the round.');
  });

  /** A whole simulated game (two players, advanced, card actions) as its transcript. */
  const GAME = recordGame(4, { players: 2, advanced: true, actions: true });

  it('cover every kind of event in the snapshot game', () => {
    const types = new Set(replay(GAME).events.flat().map((e) => e.type));
    for (const t of ['gameStarted', 'roundStarted', 'cardDealt', 'turnStarted', 'cardPlayed', 'ruleChanged', 'leaderChanged', 'cardDrawn',
      'cardDiscarded', 'cardTaken', 'actionPending', 'actionSkipped', 'playerOut', 'roundWon', 'pointsScored', 'gameOver'] as const) {
      expect(types, t).toContain(t);
    }
  });

  it.each(LANGUAGES)('read a whole advanced game in %s (snapshot)', async (language) => {
    const referee = await startedReferee({ language });
    await submitAll(referee, GAME);
    expect(referee.transcript(1)!.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/, '(time)')).toMatchSnapshot();
  });

  it.each(LANGUAGES)('read the table\'s corrections, warnings and rescans in %s (snapshot)', async (language: Language) => {
    const answers: Array<Awaited<ReturnType<CardScanner>>> = [{ rescan: true, alternatives: [{ card: 'B5', p: 0.4 }], reason: 'blurred' }, { card: 'Y7' }];
    const referee = await startedReferee({ scanner: async () => answers.shift()! });
    const heard: string[][] = [];
    referee.subscribe((u) => heard.push(u.announcements));
    const commands = [
      { ...OPENING[0], language },
      ...OPENING.slice(1),
      { type: 'play', seat: 0, to: 'canvas', card: 'V1' }, // canvas first…
      { type: 'play', seat: 0, to: 'palette', card: 'O5' }, // …then the palette: the order warning
      { type: 'endTurn', seat: 0 },
      { type: 'play', seat: 0, to: 'palette', card: 'O1' }, // out of turn
      { type: 'play', seat: 1, to: 'palette' }, // the camera asks for a rescan
      { type: 'play', seat: 1, to: 'palette' }, // and then reads Y7
      { type: 'play', seat: 1, to: 'canvas', card: 'G6' }, // a visible card
      { type: 'endTurn', seat: 1 },
      { type: 'correct', seq: 8, card: 'Y6' }, // a misread fixed…
      { type: 'undo' }, // …and the fix taken back
      { type: 'play', seat: 2, to: 'canvas', card: 'V2' }, // Cy has no card below 4: it stands only while a palette card may follow…
      { type: 'endTurn', seat: 2 }, // …so ending the turn is refused: take the canvas card back
      { type: 'undo' }, // the canvas card comes back
      { type: 'pass', seat: 2 }, // Cy passes: Ann wins the round and the basic game
      { type: 'play', seat: 0, to: 'palette', card: 'I2' }, // nothing more to play
    ];
    for (const c of commands) await referee.submit(c);
    expect(heard).toMatchSnapshot();
  });
});
