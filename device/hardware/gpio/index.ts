// The GPIO part as main.ts sees it. Wiring: `new PiGpio({ pins, log })` on a Pi (or
// `new SimulatedGpio(pins, log)` elsewhere), `await gpio.start()`, then for every referee event
// `if (isSignalEvent(e.type)) gpio.signal(e.type)` — the names match the referee's event types —
// and `gpio.onScan(...)` for the scan button; `await gpio.stop()` at shutdown.
export { PiGpio, type GpioSignals, type GpioStatus, type PiGpioOptions, type SignalResult } from './gpio-signals.ts';
export { SimulatedGpio } from './simulated-gpio.ts';
export { DEFAULT_GPIO_PINS, gpioPinsSchema, parseGpioPins, type GpioPins } from './pins.ts';
export { isSignalEvent, signalFor, patternLength, SIGNAL_EVENTS, type Pattern, type SignalEvent } from './signals.ts';
export { detectMainChip, bcmToSysfs, type GpioChip, type GpioError } from './chip.ts';
export type { PinFactory } from './pin.ts';
export type { HardwareLog } from '../log.ts';
