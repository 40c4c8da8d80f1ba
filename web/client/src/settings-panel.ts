// Settings of this screen, kept on the device: speech, its speed, high contrast, large text.
import { canSpeak, speak } from './speech.ts';
import { h } from './dom.ts';
import { saveSettings, type Settings, type Store } from './store.ts';

/** The settings panel; it follows and changes the store's settings. */
export function settingsPanel(store: Store): HTMLElement {
  const change = (patch: Partial<Settings>): void => {
    const settings = { ...store.state.settings, ...patch };
    saveSettings(settings);
    store.set({ settings });
  };
  const check = (id: string, label: string, key: 'muted' | 'highContrast' | 'largeText', invert = false) => {
    const box = h('input', { type: 'checkbox', id, testid: id });
    box.addEventListener('change', () => change({ [key]: invert ? !box.checked : box.checked }));
    return { box, el: h('label', { for: id, class: 'check' }, box, label) };
  };
  const speech = check('set-speech', 'Speak announcements', 'muted', true);
  const contrast = check('set-contrast', 'High-contrast colours', 'highContrast');
  const large = check('set-large', 'Large text and cards', 'largeText');
  const rate = h('input', { type: 'range', min: 0.6, max: 1.4, step: 0.1, id: 'set-rate', testid: 'set-rate' });
  rate.addEventListener('change', () => change({ speechRate: Number(rate.value) }));
  const test = h('button', {
    type: 'button', testid: 'set-test-voice',
    onclick: () => speak([store.state.view?.announcement ?? 'Red 7 companion'], store.state.view?.language ?? 'en', false, store.state.settings.speechRate),
  }, 'Test the voice');
  const sync = (s: Settings): void => {
    speech.box.checked = !s.muted;
    contrast.box.checked = s.highContrast;
    large.box.checked = s.largeText;
    rate.value = String(s.speechRate);
  };
  store.subscribe((s, prev) => { if (s.settings !== prev.settings) sync(s.settings); });
  sync(store.state.settings);
  return h('section', { class: 'settings panel', testid: 'settings', 'aria-label': 'Settings' },
    h('h2', {}, 'Settings'),
    speech.el,
    h('label', { for: 'set-rate' }, 'Speech speed', rate),
    canSpeak() ? test : h('p', { class: 'meta' }, 'This browser cannot speak.'),
    contrast.el, large.el);
}
