// The seat panel as main.ts sees it. Wiring: `new PanelDriver({ path, logger })` with the board
// (path omitted: auto-detect), or `new VirtualPanel()` for the dashboard's panel; then
// `routePanelKeys(panel, { view: () => referee.publicView(), scanner, onOutcome })` submits each
// outcome's command and blinks the LED of a seat that pressed out of turn; `panel.setLed(…)`
// marks the active seat; `await panel.start()` / `await panel.stop()`.
export { PanelDriver, type PanelBinding, type PanelDriverEvents, type PanelDriverOptions, type PanelStats } from './driver.ts';
export { VirtualPanel, type PressResult } from './virtual-panel.ts';
export type { SeatPanel } from './seat-panel.ts';
export { routePanelKeys, type KeyRouterOptions, type KeySource } from './key-router.ts';
export {
  keyToCommand, PANEL_IGNORE_CODES, PanelViewSchema, type CardScanner, type PanelIgnoreCode, type PanelOutcome, type PanelView, type ScanResult, type ScanSource,
} from './key-commands.ts';
export { PANEL_KEYS, PRESS_KINDS, type PanelKey, type PanelKeyEvent, type PressKind } from './key-event.ts';
export { LED_MODES, LED_TARGETS, type LedMode, type LedTarget, type Seat } from './protocol.ts';
export { findPanelPorts, PANEL_VENDOR_IDS } from './port-detect.ts';
