// The rule sheets' own words, language by language: the colours, the rules and the game's key
// terms as each sheet prints them (the English rules as the printed cards word them), and the
// phrasings the sheets do not use. Every catalogue entry is rendered and checked against them.
import { describe, expect, it } from 'vitest';
import { COLOURS, RULES, type Colour, type Rule } from '../../../device/rules/index.ts';
import { CATALOGUES } from '../../../device/referee/i18n/index.ts';
import { LANGUAGES, type Language } from '../../../device/referee/types.ts';
import { sample } from './catalogue-samples.ts';

interface Sheet {
  /** Each colour's word as the sheet writes it (a stem where the word is inflected). */
  colours: Record<Colour, RegExp>;
  /** Each rule's phrase as the sheet writes it; the Russian sheet names no rule but Red's "старшая карта". */
  rules: Partial<Record<Rule, RegExp>>;
  /** The sheet's words for the palette, the canvas, the deck, and for "is winning". */
  palette: RegExp;
  canvas: RegExp;
  deck: RegExp;
  winning: RegExp;
  /** Words the sheet does not use where it has its own (checked in every rendered entry). */
  never: RegExp[];
}

const SHEETS: Record<Language, Sheet> = {
  en: {
    colours: { red: /^Red$/, orange: /^Orange$/, yellow: /^Yellow$/, green: /^Green$/, blue: /^Blue$/, indigo: /^Indigo$/, violet: /^Violet$/ },
    rules: {
      red: /highest card/, orange: /most of one number/, yellow: /most of one colou?r/, green: /most even/,
      blue: /most different colou?rs/, indigo: /in a row|in sequence/, violet: /below 4/,
    },
    palette: /palette/i, canvas: /canvas/i, deck: /deck/, winning: /leads|winning/, never: [/discard pile/i],
  },
  de: {
    colours: { red: /^Rot$/, orange: /^Orange$/, yellow: /^Gelb$/, green: /^Grün$/, blue: /^Blau$/, indigo: /^Indigo$/, violet: /^Violett$/ },
    rules: {
      red: /höchste Karte/, orange: /meiste Karten einer Zahl/, yellow: /meiste Karten einer Farbe/, green: /meiste gerade Karten/,
      blue: /meiste Karten in verschiedenen Farben/, indigo: /meiste Karten in einer Reihe/, violet: /meiste Karten unter 4/,
    },
    palette: /Palette/, canvas: /Leinwand/, deck: /Nachziehstapel/, winning: /führt|beste Palette/,
    never: [/(?<!Nachzieh|Leinwand-)Stapel/, /mit eine /, /in dieser Runde schon/, /\bvorn\b/],
  },
  pt: {
    colours: { red: /^Vermelho$/, orange: /^Laranja$/, yellow: /^Amarelo$/, green: /^Verde$/, blue: /^Azul$/, indigo: /^Anil$/, violet: /^Violeta$/ },
    rules: {
      red: /carta mais alta/i, orange: /mais do mesmo número/i, yellow: /mais de uma mesma cor/i, green: /mais números pares/i,
      blue: /mais cores diferentes/i, indigo: /mais números em sequência/i, violet: /mais números abaixo de 4/i,
    },
    palette: /Paleta/, canvas: /Tela/, deck: /baralho/, winning: /está vencendo/,
    never: [/lidera/, /passa .* para a Tela/, /de o jogador/],
  },
  ru: {
    colours: { red: /^красн/, orange: /^оранжев/, yellow: /^ж[её]лт/, green: /^зел[её]н/, blue: /^голуб/, indigo: /^син/, violet: /^фиолетов/ },
    rules: { red: /старшая карта/ },
    palette: /палитр/, canvas: /холст/, deck: /колод/, winning: /лидир/,
    never: [/в этом ходу уже сделан$/, /этот ход в этом ходу/, /за красная/, /выполняет действие/],
  },
  ko: {
    colours: { red: /^빨/, orange: /^주/, yellow: /^노/, green: /^초/, blue: /^파/, indigo: /^남/, violet: /^보/ },
    rules: {
      red: /가장 높은 카드/, orange: /같은 숫자의 카드/, yellow: /같은 색깔의 카드/, green: /숫자가 짝수인 카드/,
      blue: /색깔이 서로 다른 카드/, indigo: /숫자가 연속된 카드/, violet: /숫자가 4보다 작은 카드/,
    },
    palette: /팔레트/, canvas: /캔버스/, deck: /카드 더미/, winning: /승리/,
    never: [/앞서/, /(?<!인 )짝수 카드/],
  },
};

describe.each(LANGUAGES)('the %s texts against the rule sheet', (language) => {
  const t = CATALOGUES[language];
  const sheet = SHEETS[language];

  it('name the colours as the sheet does', () => {
    for (const c of COLOURS) expect(t.colour[c], c).toMatch(sheet.colours[c]);
  });

  it('name the rules by their colour and in the sheet\'s words', () => {
    for (const r of RULES) {
      // A rule is named by its colour first ("Blau, meiste …", "голубое — …"), so the colour's stem opens it.
      expect(t.rule[r], r).toMatch(new RegExp(sheet.colours[r].source.replace(/\$$/, '')));
      const phrase = sheet.rules[r];
      if (phrase !== undefined) expect(t.rule[r], r).toMatch(phrase);
    }
  });

  it('use the sheet\'s words for the palette, the canvas, the deck and for winning', () => {
    expect(t.playedPalette('Ann', 'X 4')).toMatch(sheet.palette);
    expect(t.playedCanvas('Ann', 'X 4', 'RULE')).toMatch(sheet.canvas);
    expect(t.discardedDeck('Ann')).toMatch(sheet.deck);
    expect(t.taken('Ann', 'Ben')).toMatch(sheet.deck);
    expect(t.pending[7]('Ann')).toMatch(sheet.canvas);
    expect(t.leads('Ann', 'blue', 3, 'X 6')).toMatch(sheet.winning);
    expect(t.leads('Ann', 'red', 1, 'X 6')).toMatch(sheet.winning);
    expect(t.nobodyLeads()).toMatch(sheet.winning);
  });

  it('never use the words the sheet does not', () => {
    for (const [key, entry] of Object.entries(t)) {
      for (const text of sample(key, entry)) {
        for (const word of sheet.never) expect(text, `${language}.${key}`).not.toMatch(word);
      }
    }
  });
});
