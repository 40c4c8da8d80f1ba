// Russian announcements. The game's own words come from the Russian rule sheet: палитра, холст,
// «лидировать», and its colour order (красный … фиолетовый, where голубой is Blue and синий is
// Indigo). Sentences are built around colons and dashes so that names and counts need no declension.
import type { Phase, Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;

/** The Russian plural: one form for 1 (21, 31 …), one for 2–4 (22 …), one for the rest and 11–14. */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  const units = n % 10;
  const form = tens >= 11 && tens <= 14 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many;
  return `${n} ${form}`;
}
const points = (n: number) => ruPlural(n, 'очко', 'очка', 'очков');

const PHASE: Record<Phase, string> = { setup: 'раздача', turn: 'идёт игра', roundOver: 'раунд окончен', gameOver: 'игра окончена' };

/** What a leader holds, by rule, as "what — how many" so the count needs no plural form. */
const HOLDS: Record<Exclude<Rule, 'red'>, string> = {
  orange: 'карт одного номинала',
  yellow: 'карт одного цвета',
  green: 'чётных карт',
  blue: 'разных цветов',
  indigo: 'карт подряд',
  violet: 'карт меньше 4',
};

export const ru: Catalogue = {
  // A card is «карта» (feminine): «голубая 4», as the rule sheet writes «красная 6».
  colour: { red: 'красная', orange: 'оранжевая', yellow: 'жёлтая', green: 'зелёная', blue: 'голубая', indigo: 'синяя', violet: 'фиолетовая' },
  rule: {
    red: 'красное — старшая карта',
    orange: 'оранжевое — больше всего карт одного номинала',
    yellow: 'жёлтое — больше всего карт одного цвета',
    green: 'зелёное — больше всего чётных карт',
    blue: 'голубое — больше всего разных цветов',
    indigo: 'синее — больше всего карт подряд',
    violet: 'фиолетовое — больше всего карт меньше 4',
  },
  list,
  gameStarted: (players, advanced, actions) =>
    `Новая игра: ${list(players)}${advanced ? '; усложнённый вариант со счётом очков' : ''}${actions ? '; с действиями карт' : ''}.`,
  roundStarted: (round) => `Раунд ${round}: каждому игроку — одна открытая карта в палитру.`,
  cardDealt: (name, card) => `${name}: первая карта палитры — ${card}.`,
  turnStarted: (name) => `Ход игрока ${name}.`,
  playedPalette: (name, card) => `${name} выкладывает в палитру: ${card}.`,
  playedCanvas: (name, card, rule) => `${name} выкладывает на холст: ${card}. Теперь правило: ${rule}.`,
  ruleChanged: (rule) => `Теперь правило: ${rule}.`,
  discardedCanvas: (name, card, rule) => `${name} перекладывает из палитры на холст: ${card}. Теперь правило: ${rule}.`,
  discardedDeck: (name) => `${name} кладёт карту из своей палитры рубашкой вверх на колоду.`,
  taken: (name, from) => `${name} забирает карту из палитры игрока ${from} и кладёт её рубашкой вверх на колоду.`,
  // The sheet lists the palette card first, yet its own worked example plays the canvas card first.
  orderWarning: (name) =>
    `Обратите внимание (${name}): карта на холст выложена раньше, чем в палитру. Так можно, как в примере из правил: ход оценивается целиком.`,
  notWinningYet: (name, rule) =>
    `${name} пока не лидирует по новому правилу (${rule}). Это ещё можно исправить: выложите сейчас карту в палитру; иначе верните карту с холста.`,
  bonusWithdrawn: (name, palette) =>
    `${name}: бонус холста отменяется — номинал карты на холсте не больше числа карт в палитре (${palette}).`,
  drew: {
    action: (name) => `${name} берёт карту (действие тройки).`,
    bonus: (name) => `${name} берёт карту (бонус холста).`,
  },
  pending: {
    1: (name) => `${name}: нужно выполнить действие единицы — взять карту из палитры не меньшего размера и положить её рубашкой вверх на колоду.`,
    3: (name) => `${name}: нужно выполнить действие тройки — взять карту из колоды.`,
    5: (name) => `${name}: нужно выполнить действие пятёрки — выложить ещё одну карту в палитру.`,
    7: (name) => `${name}: нужно выполнить действие семёрки — выложить карту из палитры на холст или положить её рубашкой вверх на колоду.`,
  },
  oneNotOwed: (name) => `${name}: действие единицы сейчас не обязательно — ни одна карта, которую можно забрать, не оставит игрока в раунде.`,
  pendingBonus: (name) => `${name} может взять карту (бонус холста).`,
  skipped: {
    'empty-hand': (name, action) => `Действие карты ${action} (${name}) не выполняется: на руке нет карт.`,
    'empty-deck': (name, action) => `Действие карты ${action} (${name}) не выполняется: колода пуста.`,
    'no-target': (name, action) => `Действие карты ${action} (${name}) не выполняется: нет подходящей палитры.`,
  },
  out: {
    'not-winning': (name) => `${name} не лидирует и выбывает из раунда.`,
    passed: (name) => `${name} пасует и выбывает из раунда.`,
    'empty-hand': (name) => `У игрока ${name} нет карт на руке: выбывает из раунда.`,
  },
  roundWon: (name, round, rule) => `${name} побеждает в раунде ${round}. Правило: ${rule}.`,
  // Card names stay in the nominative («красная 1»), so the sentence is built as a list, not after «за».
  scored: (name, cards, n, total) => `${name} получает ${points(n)}. Карты: ${list(cards)}. Всего: ${points(total)}.`,
  gameOver: {
    target: (name, n) => `Игра окончена. Победитель: ${name}, ${points(n)}.`,
    deck: (name, n) => `Игра окончена: карт на новый раунд не хватает. Победитель: ${name}, ${points(n)}.`,
    basic: (name) => `Игра окончена. Победитель: ${name}.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} лидирует: старшая карта — ${best}.` : `${name} лидирует: ${HOLDS[rule]} — ${n}, старшая — ${best}.`,
  nobodyLeads: () => 'Никто не лидирует.',
  illegal: {
    'not-your-turn': (name) => `${name ?? 'Игрок'}: сейчас не ваш ход. Верните карту.`,
    out: (name) => `${name ?? 'Игрок'}: вы выбыли из раунда и не можете ходить.`,
    'not-winning': (name) => `Недопустимый ход: ${name ?? 'игрок'} не лидирует по этому правилу. Верните карту с холста.`,
    'turn-not-winning': (name) => `${name ?? 'Игрок'}: в конце хода вы не лидируете. Верните карту с холста кнопкой UNDO или продолжайте ход.`,
    visible: (name) => `Недопустимый ход (${name ?? 'игрок'}): этой карты не может быть на руке. Проверьте карту.`,
    'second-play': (name) => `${name ?? 'Игрок'}: в этом ходу это уже сделано.`,
    'action-owed': (name) => `${name ?? 'Игрок'}: сначала выполните действие карты.`,
    'not-allowed': (name) => `${name ?? 'Игрок'}: сейчас так нельзя.`,
    'nothing-played': (name) => `${name ?? 'Игрок'}: вы ещё не походили. Выложите карту или пасуйте.`,
    phase: () => 'Сейчас это невозможно.',
    'one-while-losing': (name) => `${name ?? 'Игрок'}: единицу нельзя использовать, если вы не останетесь в раунде.`,
    'plays-over': (name) => `${name ?? 'Игрок'}: бонусная карта взята, в этом ходу больше ничего выкладывать нельзя. Нажмите DONE.`,
    'bad-card': (name) => `${name ?? 'Игрок'}: карту не удалось использовать. Отсканируйте её снова или введите вручную.`,
    other: () => 'Команда отклонена.',
  },
  rescan: (name) => `${name}: карту не удалось распознать. Отсканируйте снова или выберите вручную.`,
  undone: (what) => `Отменено: ${what}.`,
  nowTurn: (name) => `Сейчас ход игрока ${name}.`,
  nowDeal: () => 'Раздайте стартовые карты: каждое место нажимает PALETTE и сканирует или выбирает свою карту.',
  nowNextRound: () => 'Раунд окончен: начните следующий раунд, когда стол будет готов.',
  command: {
    newGame: (players) => `новая игра: ${list(players)}`,
    deal: (name, card) => `${name}: первая карта палитры${card === null ? '' : ` — ${card}`}`,
    palette: (name, card) => `${name}: в палитру — ${card ?? 'карта, которую ещё нужно отсканировать'}`,
    canvas: (name, card) => `${name}: на холст — ${card ?? 'карта, которую ещё нужно отсканировать'}`,
    endTurn: (name) => `${name}: конец хода`,
    pass: (name) => `${name}: пас`,
    draw: (name) => `${name}: взята карта из колоды`,
    discardCanvas: (name, card) => `${name}: из палитры на холст — ${card} (действие семёрки)`,
    discardDeck: (name) => `${name}: карта из палитры рубашкой вверх на колоду (действие семёрки)`,
    take: (name, from) => `${name}: карта из палитры игрока ${from} (действие единицы)`,
    nextRound: () => 'следующий раунд',
    undo: () => 'отмена',
    correct: (seq, card) => `исправление команды ${seq}: ${card}`,
    correction: (seq) => `исправление команды ${seq}`,
  },
  transcript: {
    header: (id, players, startedAt, n, phase) =>
      `Игра ${id}: ${list(players)}; начата ${startedAt}; ${ruPlural(n, 'команда', 'команды', 'команд')}; ${phase === null ? 'не начата' : PHASE[phase]}`,
    refused: (code) => `(отклонено при воспроизведении: ${code})`,
  },
  corrected: (seq, card, invalidated) =>
    `Команда ${seq} исправлена${card === null ? '' : `: ${card}`}.` +
    (invalidated.length === 0 ? '' : ` Стали невозможны и удалены: ${list(invalidated.map(String))}.`),
};
