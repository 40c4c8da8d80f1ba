// The seat panel as the composition root sees it: `new PanelDriver({ path, logger })` with the
// board (path omitted: auto-detect), or `new VirtualPanel()` for the dashboard's panel. It only
// emits key events (what a key means is device/table-inputs' business); `panel.setLed(…)` marks
// the active seat; `await panel.start()` / `await panel.stop()`.
export { PanelDriver, type PanelBinding, type PanelDriverEvents, type PanelDriverOptions, type PanelStats } from './driver.ts';
export { VirtualPanel, type PressResult } from './virtual-panel.ts';
export type { SeatPanel } from './seat-panel.ts';
export { PANEL_KEYS, PRESS_KINDS, type PanelKey, type PanelKeyEvent, type PressKind } from './key-event.ts';
export { LED_MODES, LED_TARGETS, type LedMode, type LedTarget, type Seat } from './protocol.ts';
export { findPanelPorts, PANEL_VENDOR_IDS } from './port-detect.ts';
