// Russian announcements. The game's own words come from the Russian rule sheet: палитра, холст,
// «лидировать», and its colour order (красный … фиолетовый, where голубой is Blue and синий is
// Indigo). Sentences are built around colons and dashes so that names and counts need no declension.
import type { Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;

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
  orderWarning: (name) => `Внимание (${name}): карта на холст выложена раньше, чем в палитру; по правилам сначала выкладывают в палитру.`,
  drew: {
    action: (name) => `${name} берёт карту (действие тройки).`,
    bonus: (name) => `${name} берёт карту (бонус холста).`,
  },
  pending: {
    1: (name) => `${name} выполняет действие единицы: карта из палитры не меньшего размера — рубашкой вверх на колоду.`,
    3: (name) => `${name} выполняет действие тройки: взять карту из колоды.`,
    5: (name) => `${name} выполняет действие пятёрки: выложить ещё одну карту в палитру.`,
    7: (name) => `${name} выполняет действие семёрки: карта из палитры — на холст или рубашкой вверх на колоду.`,
  },
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
  scored: (name, cards, points, total) => `${name}: очки за ${list(cards)} — ${points}, всего — ${total}.`,
  gameOver: {
    target: (name, points) => `Игра окончена. Победитель: ${name}, очков — ${points}.`,
    deck: (name, points) => `Игра окончена: карт на новый раунд не хватает. Победитель: ${name}, очков — ${points}.`,
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
    'second-play': (name) => `${name ?? 'Игрок'}: этот ход в этом ходу уже сделан.`,
    'action-owed': (name) => `${name ?? 'Игрок'}: сначала выполните действие карты.`,
    'not-allowed': (name) => `${name ?? 'Игрок'}: сейчас так нельзя.`,
    'nothing-played': (name) => `${name ?? 'Игрок'}: вы ещё не походили. Выложите карту или пасуйте.`,
    phase: () => 'Сейчас это невозможно.',
    'one-while-losing': (name) => `${name ?? 'Игрок'}: единицу нельзя использовать, если вы не останетесь в раунде.`,
    'bad-card': (name) => `${name ?? 'Игрок'}: карту не удалось использовать. Отсканируйте её снова или введите вручную.`,
    other: () => 'Команда отклонена.',
  },
  rescan: (name) => `${name}: карту не удалось распознать. Отсканируйте снова или выберите вручную.`,
  undone: (seq) => `Команда ${seq} отменена.`,
  corrected: (seq, card, invalidated) =>
    `Команда ${seq} исправлена${card === null ? '' : `: ${card}`}.` +
    (invalidated.length === 0 ? '' : ` Стали невозможны и удалены: ${list(invalidated.map(String))}.`),
};
