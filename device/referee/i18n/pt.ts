// Portuguese announcements. The game's own words come from the Portuguese rule sheet: Paleta,
// Tela, the colours (Vermelho … Violeta, Anil for indigo) and the rules ("Mais cores diferentes").
import type { Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

// Feminine forms: "carta" and "cor" are feminine, so the counts agree with them.
const NUMBERS = ['nenhuma', 'uma', 'duas', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze'];
const count = (n: number) => NUMBERS[n] ?? String(n);

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

/** What a leader holds, by rule ("três cores", "quatro cartas em sequência"). */
const HOLDS: Record<Exclude<Rule, 'red'>, (n: number) => string> = {
  orange: (n) => `${count(n)} ${n === 1 ? 'carta' : 'cartas'} do mesmo número`,
  yellow: (n) => `${count(n)} ${n === 1 ? 'carta' : 'cartas'} da mesma cor`,
  green: (n) => `${count(n)} ${n === 1 ? 'carta par' : 'cartas pares'}`,
  blue: (n) => `${count(n)} ${n === 1 ? 'cor' : 'cores diferentes'}`,
  indigo: (n) => `${count(n)} ${n === 1 ? 'carta' : 'cartas'} em sequência`,
  violet: (n) => `${count(n)} ${n === 1 ? 'carta' : 'cartas'} abaixo de 4`,
};

export const pt: Catalogue = {
  colour: { red: 'Vermelho', orange: 'Laranja', yellow: 'Amarelo', green: 'Verde', blue: 'Azul', indigo: 'Anil', violet: 'Violeta' },
  rule: {
    red: 'Vermelho, carta mais alta',
    orange: 'Laranja, mais do mesmo número',
    yellow: 'Amarelo, mais de uma mesma cor',
    green: 'Verde, mais números pares',
    blue: 'Azul, mais cores diferentes',
    indigo: 'Anil, mais números em sequência',
    violet: 'Violeta, mais números abaixo de 4',
  },
  list,
  gameStarted: (players, advanced, actions) =>
    `Nova partida para ${list(players)}${advanced ? ', Red7 Avançado' : ''}${actions ? ', com ações das cartas' : ''}.`,
  roundStarted: (round) => `Rodada ${round}: cada jogador recebe uma carta virada para cima na sua Paleta.`,
  cardDealt: (name, card) => `${name} começa com ${card} na Paleta.`,
  turnStarted: (name) => `Vez de ${name}.`,
  playedPalette: (name, card) => `${name} joga ${card} na Paleta.`,
  playedCanvas: (name, card, rule) => `${name} descarta ${card} na Tela: a regra agora é ${rule}.`,
  ruleChanged: (rule) => `A regra agora é ${rule}.`,
  discardedCanvas: (name, card, rule) => `${name} passa ${card} da Paleta para a Tela: a regra agora é ${rule}.`,
  discardedDeck: (name) => `${name} coloca uma carta da Paleta virada para baixo em cima do baralho.`,
  taken: (name, from) => `${name} pega uma carta da Paleta de ${from} e a coloca virada para baixo em cima do baralho.`,
  orderWarning: (name) => `Atenção: ${name} descartou na Tela antes de jogar na Paleta; as regras jogam na Paleta primeiro.`,
  drew: {
    action: (name) => `${name} compra uma carta (ação do 3).`,
    bonus: (name) => `${name} compra uma carta (bônus da Tela).`,
  },
  pending: {
    1: (name) => `${name} deve executar a ação do 1: colocar uma carta de uma Paleta pelo menos do mesmo tamanho virada para baixo no baralho.`,
    3: (name) => `${name} deve executar a ação do 3: comprar uma carta.`,
    5: (name) => `${name} deve executar a ação do 5: jogar mais uma carta na Paleta.`,
    7: (name) => `${name} deve executar a ação do 7: passar uma carta da Paleta para a Tela ou para o baralho, virada para baixo.`,
  },
  pendingBonus: (name) => `${name} pode comprar uma carta (bônus da Tela).`,
  skipped: {
    'empty-hand': (name, action) => `O ${action} de ${name} não tem efeito: a mão está vazia.`,
    'empty-deck': (name, action) => `O ${action} de ${name} não tem efeito: o baralho está vazio.`,
    'no-target': (name, action) => `O ${action} de ${name} não tem efeito: não há Paleta de onde pegar.`,
  },
  out: {
    'not-winning': (name) => `${name} não está vencendo e está fora da rodada.`,
    passed: (name) => `${name} passa e está fora da rodada.`,
    'empty-hand': (name) => `${name} não tem mais cartas na mão e está fora da rodada.`,
  },
  roundWon: (name, round, rule) => `${name} vence a rodada ${round} com a regra ${rule}.`,
  scored: (name, cards, points, total) =>
    `${name} marca ${points} ${points === 1 ? 'ponto' : 'pontos'} com ${list(cards)}, ${total} no total.`,
  gameOver: {
    target: (name, points) => `Fim de jogo: ${name} vence com ${points} pontos.`,
    deck: (name, points) => `Fim de jogo, não há cartas para outra rodada: ${name} vence com ${points} pontos.`,
    basic: (name) => `Fim de jogo: ${name} vence.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} lidera com a carta mais alta, ${best}.` : `${name} lidera com ${HOLDS[rule](n)}, melhor carta ${best}.`,
  nobodyLeads: () => 'Ninguém está vencendo.',
  illegal: {
    'not-your-turn': (name) => `${name ?? 'Alguém'} jogou fora da sua vez: devolva a carta.`,
    out: (name) => `${name ?? 'Esse jogador'} está fora da rodada e não pode jogar.`,
    'not-winning': (name) => `Jogada ilegal: ${name ?? 'o jogador'} não estaria vencendo com essa regra. Devolva a carta da Tela.`,
    'turn-not-winning': (name) => `${name ?? 'O jogador'} não estaria vencendo no fim do turno: devolva a carta da Tela com UNDO, ou continue jogando.`,
    visible: (name) => `Jogada ilegal de ${name ?? 'um jogador'}: essa carta não pode estar na mão. Confira a carta.`,
    'second-play': (name) => `${name ?? 'O jogador'} já fez essa jogada neste turno.`,
    'action-owed': (name) => `${name ?? 'O jogador'} deve primeiro executar a ação da carta.`,
    'not-allowed': (name) => `${name ?? 'O jogador'} não pode fazer isso agora.`,
    'nothing-played': (name) => `${name ?? 'O jogador'} ainda não jogou: jogue uma carta ou passe.`,
    phase: () => 'Isso não é possível neste momento da partida.',
    'one-while-losing': (name) => `${name ?? 'O jogador'} não pode usar o 1 se não continuar na rodada.`,
    'bad-card': (name) => `A carta de ${name ?? 'o jogador'} não pôde ser usada: escaneie de novo ou digite-a.`,
    other: () => 'Esse comando foi recusado.',
  },
  rescan: (name) => `Não foi possível ler a carta de ${name}: escaneie de novo ou escolha à mão.`,
  undone: (seq) => `Comando ${seq} desfeito.`,
  corrected: (seq, card, invalidated) =>
    `Comando ${seq} corrigido${card === null ? '' : ` para ${card}`}.` +
    (invalidated.length === 0 ? '' : ` Não são mais possíveis e foram removidos: ${list(invalidated.map(String))}.`),
};
