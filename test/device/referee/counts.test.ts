// The grammar of counts: one card and several cards, one point and several, in each language
// whose grammar changes with the number.
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../device/referee/i18n/index.ts';
import { ro, sheets } from '../../../device/referee/i18n/ko.ts';
import { ruPlural } from '../../../device/referee/i18n/ru.ts';

describe('German counts', () => {
  const { leads, scored, gameOver, bonusWithdrawn } = CATALOGUES.de;
  it('put one card in the dative after "mit", and several in the plural', () => {
    expect(leads('Ann', 'green', 1, 'Grün 2')).toBe('Ann führt mit einer geraden Karte, beste Karte Grün 2.');
    expect(leads('Ann', 'green', 3, 'Grün 6')).toBe('Ann führt mit drei geraden Karten, beste Karte Grün 6.');
    expect(leads('Ann', 'orange', 1, 'Rot 5')).toBe('Ann führt mit einer Karte einer Zahl, beste Karte Rot 5.');
    expect(leads('Ann', 'blue', 1, 'Blau 4')).toBe('Ann führt mit einer Farbe, beste Karte Blau 4.');
    expect(leads('Ann', 'blue', 4, 'Blau 4')).toBe('Ann führt mit vier verschiedenen Farben, beste Karte Blau 4.');
  });
  it('say Punkt for one point and Punkte or Punkten for several', () => {
    expect(scored('Ann', ['Violett 1'], 1, 1)).toBe('Ann erhält 1 Punkt für Violett 1, insgesamt 1.');
    expect(scored('Ann', ['Rot 6', 'Blau 4'], 10, 31)).toBe('Ann erhält 10 Punkte für Rot 6 und Blau 4, insgesamt 31.');
    expect(gameOver.target('Ann', 35)).toBe('Spielende: Ann gewinnt mit 35 Punkten.');
    expect(bonusWithdrawn('Ann', 1)).toContain('die eine Karte auf der Palette');
    expect(bonusWithdrawn('Ann', 3)).toContain('die drei Karten auf der Palette');
  });
});

describe('Portuguese counts', () => {
  const { leads, scored, gameOver } = CATALOGUES.pt;
  it('agree with the feminine carta and cor, singular and plural', () => {
    expect(leads('Ann', 'green', 1, 'Verde 2')).toBe('Ann está vencendo com uma carta par, melhor carta Verde 2.');
    expect(leads('Ann', 'green', 2, 'Verde 6')).toBe('Ann está vencendo com duas cartas pares, melhor carta Verde 6.');
    expect(leads('Ann', 'blue', 1, 'Azul 4')).toBe('Ann está vencendo com uma cor, melhor carta Azul 4.');
    expect(leads('Ann', 'blue', 3, 'Azul 4')).toBe('Ann está vencendo com três cores diferentes, melhor carta Azul 4.');
  });
  it('say ponto for one point and pontos for several', () => {
    expect(scored('Ann', ['Violeta 1'], 1, 1)).toBe('Ann marca 1 ponto com Violeta 1, 1 no total.');
    expect(scored('Ann', ['Vermelho 6', 'Azul 4'], 10, 31)).toBe('Ann marca 10 pontos com Vermelho 6 e Azul 4, 31 no total.');
    expect(gameOver.deck('Ann', 1)).toContain('vence com 1 ponto.');
  });
});

describe('Russian counts', () => {
  it('take the form for one, for two to four, and for the rest (11 to 14 among the rest)', () => {
    const forms = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => ruPlural(n, 'очко', 'очка', 'очков'));
    expect(forms).toEqual(['1 очко', '2 очка', '4 очка', '5 очков', '11 очков', '12 очков', '14 очков', '21 очко', '22 очка', '25 очков', '101 очко', '111 очков']);
  });
  it('score cards named in the nominative, with the points counted', () => {
    expect(CATALOGUES.ru.scored('Ann', ['красная 1'], 1, 1)).toBe('Ann получает 1 очко. Карты: красная 1. Всего: 1 очко.');
    expect(CATALOGUES.ru.scored('Ann', ['красная 6', 'голубая 4'], 10, 32)).toBe('Ann получает 10 очков. Карты: красная 6 и голубая 4. Всего: 32 очка.');
    expect(CATALOGUES.ru.gameOver.target('Ann', 41)).toBe('Игра окончена. Победитель: Ann, 41 очко.');
  });
});

describe('Korean counts', () => {
  it('count cards with native numerals before 장', () => {
    expect([1, 2, 3, 4, 5, 7, 10].map(sheets)).toEqual(['한 장', '두 장', '세 장', '네 장', '다섯 장', '일곱 장', '열 장']);
  });
  it('choose 로 or 으로 by how the word before it ends', () => {
    expect(['빨강 1', '빨강 2', '빨강 3', '빨강 6', '빨강 7'].map(ro)).toEqual(['빨강 1로', '빨강 2로', '빨강 3으로', '빨강 6으로', '빨강 7로']);
    expect([ro('한 장'), ro('카드'), ro('팔')]).toEqual(['한 장으로', '카드로', '팔로']);
  });
  it('say one card and several cards in the leader line', () => {
    expect(CATALOGUES.ko.leads('Ann', 'green', 1, '초록 2')).toBe('Ann 님이 숫자가 짝수인 카드 한 장으로 승리하고 있습니다. 가장 높은 카드: 초록 2.');
    expect(CATALOGUES.ko.leads('Ann', 'green', 3, '초록 6')).toBe('Ann 님이 숫자가 짝수인 카드 세 장으로 승리하고 있습니다. 가장 높은 카드: 초록 6.');
    expect(CATALOGUES.ko.leads('Ann', 'red', 1, '빨강 6')).toBe('Ann 님이 가장 높은 카드 빨강 6으로 승리하고 있습니다.');
  });
});
