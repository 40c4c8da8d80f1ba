// Portuguese announcements. The game's own words come from the Portuguese rule sheet: Paleta,
// Tela, the colours (Vermelho … Violeta, Anil for indigo) and the rules ("Mais cores diferentes").
import type { Phase, Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

// Feminine forms: "carta" and "cor" are feminine, so the counts agree with them.
const NUMBERS = ['nenhuma', 'uma', 'duas', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze'];
const count = (n: number) => NUMBERS[n] ?? String(n);
const points = (n: number) => `${n} ${n === 1 ? 'ponto' : 'pontos'}`;
/** Masculine counts, for "comando". */
const commands = (n: number) => `${n === 1 ? 'um' : n === 2 ? 'dois' : n} ${n === 1 ? 'comando' : 'comandos'}`;

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

const PHASE: Record<Phase, string> = { setup: 'distribuindo', turn: 'em jogo', roundOver: 'rodada encerrada', gameOver: 'partida encerrada' };

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
  discardedCanvas: (name, card, rule) => `${name} descarta ${card} da Paleta na Tela: a regra agora é ${rule}.`,
  discardedDeck: (name) => `${name} coloca uma carta da Paleta virada para baixo em cima do baralho.`,
  taken: (name, from) => `${name} pega uma carta da Paleta de ${from} e a coloca virada para baixo em cima do baralho.`,
  orderWarning: (name) => `Atenção: ${name} descartou na Tela antes de jogar na Paleta; as regras jogam na Paleta primeiro.`,
  notWinningYet: (name, rule) =>
    `${name} ainda não está vencendo com a nova regra (${rule}): uma carta jogada agora na Paleta ainda pode resolver isso; senão, devolva a carta da Tela.`,
  bonusWithdrawn: (name, palette) =>
    `Afinal, ${name} não compra o bônus da Tela: o número da carta descartada não é maior que ${palette === 1 ? 'a única carta' : `as ${count(palette)} cartas`} da Paleta.`,
  drew: {
    action: (name) => `${name} compra uma carta (ação do 3).`,
    bonus: (name) => `${name} compra uma carta (bônus da Tela).`,
  },
  pending: {
    1: (name) => `${name} deve executar a ação do 1: colocar uma carta de uma Paleta pelo menos do mesmo tamanho virada para baixo em cima do baralho.`,
    3: (name) => `${name} deve executar a ação do 3: comprar uma carta.`,
    5: (name) => `${name} deve executar a ação do 5: jogar mais uma carta na Paleta.`,
    7: (name) => `${name} deve executar a ação do 7: escolher uma carta da Paleta e descartá-la na Tela ou colocá-la virada para baixo em cima do baralho.`,
  },
  oneNotOwed: (name) => `${name} não precisa executar a ação do 1 agora: nenhuma carta que possa pegar manteria ${name} na rodada.`,
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
  scored: (name, cards, n, total) =>
    `${name} marca ${points(n)} com ${list(cards)}, ${total} no total.`,
  gameOver: {
    target: (name, n) => `Fim de jogo: ${name} vence com ${points(n)}.`,
    deck: (name, n) => `Fim de jogo, não há cartas para outra rodada: ${name} vence com ${points(n)}.`,
    basic: (name) => `Fim de jogo: ${name} vence.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} está vencendo com a carta mais alta, ${best}.` : `${name} está vencendo com ${HOLDS[rule](n)}, melhor carta ${best}.`,
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
    'plays-over': (name) => `${name ?? 'O jogador'} comprou a carta de bônus, então as jogadas deste turno acabaram: aperte DONE.`,
    'bad-card': (name) => `A carta ${name === null ? 'do jogador' : `de ${name}`} não pôde ser usada: escaneie de novo ou digite-a.`,
    other: () => 'Esse comando foi recusado.',
  },
  rescan: (name) => `Não foi possível ler a carta de ${name}: escaneie de novo ou escolha à mão.`,
  undone: (what) => `Desfeito: ${what}.`,
  nowTurn: (name) => `Agora é a vez de ${name}.`,
  nowDeal: () => 'Distribua as cartas iniciais: cada lugar aperta PALETTE e escaneia ou escolhe sua carta.',
  nowNextRound: () => 'A rodada acabou: comece a próxima rodada quando a mesa estiver pronta.',
  command: {
    newGame: (players) => `nova partida para ${list(players)}`,
    deal: (name, card) => `carta inicial de ${name}${card === null ? '' : `, ${card}`}`,
    palette: (name, card) => `${name} joga ${card ?? 'uma carta ainda não escaneada'} na Paleta`,
    canvas: (name, card) => `${name} descarta ${card ?? 'uma carta ainda não escaneada'} na Tela`,
    endTurn: (name) => `${name} encerra o turno`,
    pass: (name) => `${name} passa`,
    draw: (name) => `${name} compra uma carta`,
    discardCanvas: (name, card) => `${name} descarta ${card} da Paleta na Tela (ação do 7)`,
    discardDeck: (name) => `${name} coloca uma carta da Paleta virada para baixo em cima do baralho (ação do 7)`,
    take: (name, from) => `${name} pega uma carta da Paleta de ${from} (ação do 1)`,
    nextRound: () => 'próxima rodada',
    undo: () => 'desfazer',
    correct: (seq, card) => `comando ${seq} corrigido para ${card}`,
    correction: (seq) => `a correção do comando ${seq}`,
  },
  transcript: {
    header: (id, players, startedAt, n, phase) =>
      `Partida ${id}: ${list(players)}; iniciada em ${startedAt}; ${commands(n)}; ${phase === null ? 'não iniciada' : PHASE[phase]}`,
    refused: (code) => `(recusado na reprodução: ${code})`,
  },
  corrected: (seq, card, invalidated) =>
    `Comando ${seq} corrigido${card === null ? '' : ` para ${card}`}.` +
    (invalidated.length === 0 ? '' : ` Não são mais possíveis e foram removidos: ${list(invalidated.map(String))}.`),
};
