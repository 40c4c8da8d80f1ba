import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeckError, DeckStore } from '../../../vision/deck/store.ts';

let data: string;
beforeEach(() => (data = mkdtempSync(join(tmpdir(), 'red7-decks-'))));
afterEach(() => rmSync(data, { recursive: true, force: true }));

const photo = (card: string, n = 1) => ({ file: `${card}-${n}.jpg`, card, embedding: [1, 0, 0], bytes: Buffer.from([0xff, 0xd8, 0xff, n]) });

function teach(store: DeckStore, name = 'Club deck') {
  return store.create({ name, modelVersion: '9.9.9', camera: { source: 'photos' } }, [photo('B6'), photo('R7')]);
}

describe('the deck store', () => {
  it('keeps a deck and its photos, and a new store on the same folder (a restart) finds it active', () => {
    const store = new DeckStore(data);
    const deck = teach(store);
    store.activate(deck.id);
    const again = new DeckStore(data);
    expect(again.activeId()).toBe(deck.id);
    expect(again.list()).toEqual([expect.objectContaining({ id: 'club-deck', name: 'Club deck', cards: 2, photos: 2, flagged: [], active: true, modelVersion: '9.9.9' })]);
    expect([...again.photo(deck.id, 'B6-1.jpg')]).toEqual([0xff, 0xd8, 0xff, 1]);
    expect(readdirSync(join(data, 'decks', deck.id)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps two decks apart, renames one and makes the other active', () => {
    const store = new DeckStore(data);
    const a = teach(store), b = teach(store);
    expect(b.id).toBe('club-deck-2');
    store.activate(b.id);
    store.rename(a.id, '  Sleeved deck ');
    expect(store.list().map((d) => [d.name, d.active])).toEqual([['Sleeved deck', false], ['Club deck', true]]);
  });

  it('deleting the active deck returns reads to the base model', () => {
    const store = new DeckStore(data);
    const deck = teach(store);
    store.activate(deck.id);
    store.remove(deck.id);
    expect(store.activeId()).toBeNull();
    expect(existsSync(join(data, 'decks', deck.id))).toBe(false);
    expect(store.list()).toEqual([]);
  });

  it('refuses bad names, unknown and hostile ids and photo names, and changes nothing', () => {
    const store = new DeckStore(data);
    const deck = teach(store);
    for (const name of ['', '   ', 'x'.repeat(61), 'a\u0000b', 42]) expect(() => store.rename(deck.id, name)).toThrow(DeckError);
    expect(() => store.activate('nope')).toThrow(/no deck "nope"/);
    expect(() => store.read('../../etc')).toThrow(/not a deck id/);
    expect(() => store.remove('..')).toThrow(DeckError);
    expect(() => store.photo(deck.id, '../deck.json')).toThrow(/not a deck photo name/);
    expect(store.read(deck.id).name).toBe('Club deck');
    expect(store.activeId()).toBeNull();
  });

  it('leaves a damaged deck out of the list and names it when asked for', () => {
    const store = new DeckStore(data);
    const deck = teach(store);
    writeFileSync(join(data, 'decks', deck.id, 'deck.json'), '{"format":1,');
    expect(store.list()).toEqual([]);
    expect(() => store.read(deck.id)).toThrow(/not JSON/);
    writeFileSync(join(data, 'decks', deck.id, 'deck.json'), JSON.stringify({ format: 1, id: deck.id }));
    expect(() => store.read(deck.id)).toThrow(/not a deck profile/);
    writeFileSync(join(data, 'decks', 'active.json'), 'garbage');
    expect(store.activeId()).toBeNull();
    expect(readFileSync(join(data, 'decks', deck.id, 'B6-1.jpg')).length).toBe(4);
  });
});
