// Korean announcements. The game's own words come from the Korean rule summary: 팔레트, 캔버스,
// the colours (빨강 주황 노랑 초록 파랑 남색 보라) and its rule phrasing. Names are followed by
// "님" so the subject particle is always "이", whatever the name ends with.
import type { Phase, Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

const list = (items: string[]) => items.join(', ');

/** Cards are counted with native numerals before 장: "한 장", "세 장" (digits would be read "삼 장"). */
const NATIVE = ['', '한', '두', '세', '네', '다섯', '여섯', '일곱', '여덟', '아홉', '열', '열한', '열두'];
export const sheets = (n: number) => `${NATIVE[n] ?? String(n)} 장`;
/**
 * The particle "(으)로" after a word: "으로" after a final consonant other than ㄹ, else "로". A card
 * name ends in its value, read in Sino-Korean (일 이 삼 사 오 육 칠 팔 구): 삼, 육 and 영 take "으로".
 */
export function ro(word: string): string {
  const last = word.at(-1) ?? '';
  if (/\d/.test(last)) return `${word}${'036'.includes(last) ? '으로' : '로'}`;
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return `${word}(으)로`;
  const final = code % 28;
  return `${word}${final === 0 || final === 8 ? '로' : '으로'}`;
}

/** What a leader holds, by rule, in the sheet's words ("숫자가 짝수인 카드 세 장"). */
const HOLDS: Record<Exclude<Rule, 'red'>, string> = {
  orange: '같은 숫자의 카드',
  yellow: '같은 색깔의 카드',
  green: '숫자가 짝수인 카드',
  blue: '색깔이 서로 다른 카드',
  indigo: '숫자가 연속된 카드',
  violet: '숫자가 4보다 작은 카드',
};

const PHASE: Record<Phase, string> = { setup: '카드 나눠주는 중', turn: '진행 중', roundOver: '라운드 종료', gameOver: '게임 종료' };

export const ko: Catalogue = {
  colour: { red: '빨강', orange: '주황', yellow: '노랑', green: '초록', blue: '파랑', indigo: '남색', violet: '보라' },
  rule: {
    red: '빨강(가장 높은 카드)',
    orange: '주황(같은 숫자의 카드가 가장 많이)',
    yellow: '노랑(같은 색깔의 카드가 가장 많이)',
    green: '초록(숫자가 짝수인 카드가 가장 많이)',
    blue: '파랑(색깔이 서로 다른 카드가 가장 많이)',
    indigo: '남색(숫자가 연속된 카드가 가장 많이)',
    violet: '보라(숫자가 4보다 작은 카드가 가장 많이)',
  },
  list,
  gameStarted: (players, advanced, actions) =>
    `새 게임: ${list(players)}${advanced ? ', 고급 룰(점수)' : ''}${actions ? ', 옵션 룰(카드 행동)' : ''}.`,
  roundStarted: (round) => `${round}라운드: 각 플레이어의 팔레트에 카드 한 장을 내용이 보이게 놓습니다.`,
  cardDealt: (name, card) => `${name} 님의 팔레트 첫 카드: ${card}.`,
  turnStarted: (name) => `${name} 님의 차례입니다.`,
  playedPalette: (name, card) => `${name} 님이 팔레트에 ${card} 카드를 내려놓았습니다.`,
  playedCanvas: (name, card, rule) => `${name} 님이 캔버스에 ${card} 카드를 버렸습니다. 이제 규칙은 ${rule}입니다.`,
  ruleChanged: (rule) => `이제 규칙은 ${rule}입니다.`,
  discardedCanvas: (name, card, rule) => `${name} 님이 팔레트의 ${card} 카드를 캔버스로 옮겼습니다. 이제 규칙은 ${rule}입니다.`,
  discardedDeck: (name) => `${name} 님이 팔레트의 카드 한 장을 카드 더미 맨 위에 뒤집어 놓았습니다.`,
  taken: (name, from) => `${name} 님이 ${from} 님의 팔레트에서 카드 한 장을 가져와 카드 더미 맨 위에 뒤집어 놓았습니다.`,
  orderWarning: (name) => `참고: ${name} 님이 캔버스에 먼저 냈습니다. 규칙상 팔레트가 먼저입니다.`,
  notWinningYet: (name, rule) =>
    `${name} 님은 아직 변경된 룰로 승리하고 있지 않습니다(규칙: ${rule}). 지금 팔레트에 카드를 내려놓으면 아직 바로잡을 수 있습니다. 그렇지 않으면 캔버스의 카드를 다시 가져가세요.`,
  bonusWithdrawn: (name, palette) =>
    `${name} 님은 캔버스 보너스를 받지 못합니다: 버린 카드의 숫자가 팔레트의 카드 장수(${sheets(palette)})보다 크지 않습니다.`,
  drew: {
    action: (name) => `${name} 님이 카드 한 장을 가져옵니다(3번 카드 행동).`,
    bonus: (name) => `${name} 님이 카드 한 장을 가져옵니다(캔버스 보너스).`,
  },
  pending: {
    1: (name) => `${name} 님은 1번 카드 행동을 해야 합니다: 장수가 같거나 많은 팔레트에서 카드 한 장을 카드 더미 맨 위에 뒤집어 놓습니다.`,
    3: (name) => `${name} 님은 3번 카드 행동을 해야 합니다: 카드 한 장을 가져옵니다.`,
    5: (name) => `${name} 님은 5번 카드 행동을 해야 합니다: 팔레트에 카드 한 장을 더 내려놓습니다.`,
    7: (name) => `${name} 님은 7번 카드 행동을 해야 합니다: 팔레트의 카드 한 장을 캔버스에 버리거나 카드 더미 맨 위에 뒤집어 놓습니다.`,
  },
  oneNotOwed: (name) => `${name} 님은 지금 1번 카드 행동을 하지 않아도 됩니다: 가져올 수 있는 어떤 카드로도 이번 라운드에 남을 수 없습니다.`,
  pendingBonus: (name) => `${name} 님은 카드 한 장을 가져올 수 있습니다(캔버스 보너스).`,
  skipped: {
    'empty-hand': (name, action) => `${name} 님의 ${action}번 카드 행동은 생략됩니다: 핸드가 비어 있습니다.`,
    'empty-deck': (name, action) => `${name} 님의 ${action}번 카드 행동은 생략됩니다: 카드 더미가 비어 있습니다.`,
    'no-target': (name, action) => `${name} 님의 ${action}번 카드 행동은 생략됩니다: 가져올 수 있는 팔레트가 없습니다.`,
  },
  out: {
    'not-winning': (name) => `${name} 님은 승리하지 못해 이번 라운드에서 탈락합니다.`,
    passed: (name) => `${name} 님이 패스하고 이번 라운드에서 탈락합니다.`,
    'empty-hand': (name) => `${name} 님은 핸드가 비어 이번 라운드에서 탈락합니다.`,
  },
  roundWon: (name, round, rule) => `${name} 님이 ${round}라운드에서 승리했습니다. 규칙: ${rule}.`,
  scored: (name, cards, points, total) => `${name} 님이 ${ro(list(cards))} ${points}점을 얻었습니다. 합계 ${total}점.`,
  gameOver: {
    target: (name, points) => `게임 종료: ${name} 님이 ${points}점으로 승리했습니다.`,
    deck: (name, points) => `게임 종료(다음 라운드를 할 카드가 부족합니다): ${name} 님이 ${points}점으로 승리했습니다.`,
    basic: (name) => `게임 종료: ${name} 님이 승리했습니다.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} 님이 가장 높은 카드 ${ro(best)} 승리하고 있습니다.`
      : `${name} 님이 ${HOLDS[rule]} ${ro(sheets(n))} 승리하고 있습니다. 가장 높은 카드: ${best}.`,
  nobodyLeads: () => '아무도 승리하고 있지 않습니다.',
  illegal: {
    'not-your-turn': (name) => `${name ?? '플레이어'} 님의 차례가 아닙니다. 카드를 다시 가져가세요.`,
    out: (name) => `${name ?? '플레이어'} 님은 이번 라운드에서 탈락해 낼 수 없습니다.`,
    'not-winning': (name) => `규칙 위반: 그 규칙으로는 ${name ?? '플레이어'} 님이 승리하지 못합니다. 캔버스의 카드를 다시 가져가세요.`,
    'turn-not-winning': (name) => `턴이 끝날 때 ${name ?? '플레이어'} 님이 승리하지 못합니다. UNDO로 캔버스의 카드를 다시 가져가거나 계속 진행하세요.`,
    visible: (name) => `규칙 위반(${name ?? '플레이어'} 님): 그 카드는 핸드에 있을 수 없습니다. 카드를 확인하세요.`,
    'second-play': (name) => `${name ?? '플레이어'} 님은 이번 턴에 이미 그렇게 했습니다.`,
    'action-owed': (name) => `${name ?? '플레이어'} 님은 먼저 카드 행동을 해야 합니다.`,
    'not-allowed': (name) => `${name ?? '플레이어'} 님은 지금 그렇게 할 수 없습니다.`,
    'nothing-played': (name) => `${name ?? '플레이어'} 님은 아직 카드를 내지 않았습니다. 카드를 내거나 패스하세요.`,
    phase: () => '게임의 지금 단계에서는 할 수 없습니다.',
    'one-while-losing': (name) => `${name ?? '플레이어'} 님은 라운드에 남을 수 없으면 1번 카드 행동을 쓸 수 없습니다.`,
    'plays-over': (name) => `${name ?? '플레이어'} 님은 보너스 카드를 가져왔으므로 이번 턴에는 더 낼 수 없습니다. DONE을 누르세요.`,
    'bad-card': (name) => `${name ?? '플레이어'} 님의 카드를 쓸 수 없습니다. 다시 스캔하거나 직접 입력하세요.`,
    other: () => '명령이 거부되었습니다.',
  },
  rescan: (name) => `${name} 님의 카드를 읽지 못했습니다. 다시 스캔하거나 직접 고르세요.`,
  undone: (what) => `취소했습니다: ${what}.`,
  nowTurn: (name) => `이제 ${name} 님의 차례입니다.`,
  nowDeal: () => '시작 카드를 나눠주세요: 각 자리에서 PALETTE를 누르고 카드를 스캔하거나 고릅니다.',
  nowNextRound: () => '라운드가 끝났습니다: 준비되면 다음 라운드를 시작하세요.',
  command: {
    newGame: (players) => `새 게임: ${list(players)}`,
    deal: (name, card) => `${name} 님의 팔레트 첫 카드${card === null ? '' : ` ${card}`}`,
    palette: (name, card) => `${name} 님이 팔레트에 ${card ?? '아직 스캔하지 않은'} 카드를 내려놓음`,
    canvas: (name, card) => `${name} 님이 캔버스에 ${card ?? '아직 스캔하지 않은'} 카드를 버림`,
    endTurn: (name) => `${name} 님의 턴 종료`,
    pass: (name) => `${name} 님의 패스`,
    draw: (name) => `${name} 님이 카드 한 장을 가져옴`,
    discardCanvas: (name, card) => `${name} 님이 팔레트의 ${card} 카드를 캔버스에 버림(7번 카드 행동)`,
    discardDeck: (name) => `${name} 님이 팔레트의 카드 한 장을 카드 더미 맨 위에 뒤집어 놓음(7번 카드 행동)`,
    take: (name, from) => `${name} 님이 ${from} 님의 팔레트에서 카드 한 장을 가져옴(1번 카드 행동)`,
    nextRound: () => '다음 라운드',
    undo: () => '취소',
    correct: (seq, card) => `${seq}번 명령을 ${ro(card)} 수정`,
    correction: (seq) => `${seq}번 명령의 수정`,
  },
  transcript: {
    header: (id, players, startedAt, n, phase) =>
      `게임 ${id}: ${list(players)}; 시작 ${startedAt}; 명령 ${n}개; ${phase === null ? '시작 전' : PHASE[phase]}`,
    refused: (code) => `(다시 재생할 때 거부됨: ${code})`,
  },
  corrected: (seq, card, invalidated) =>
    `${seq}번 명령을 수정했습니다${card === null ? '' : `: ${card}`}.` +
    (invalidated.length === 0 ? '' : ` 더 이상 가능하지 않아 제거된 명령: ${list(invalidated.map(String))}.`),
};
