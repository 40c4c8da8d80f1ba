// Where the hardware parts (GPIO, speech) report: the composition root hands each a pino child
// logger, and tests a pair of functions; pino's Logger fits this shape as it is.
export interface HardwareLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** A log that drops everything, for parts built without one. */
export const SILENT_LOG: HardwareLog = { info: () => {}, warn: () => {} };
