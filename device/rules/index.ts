// The Red7 rules: a pure module that imports nothing else of the project.
export * from './cards.ts';
export * from './commands.ts';
export * from './events.ts';
export * from './rejections.ts';
export * from './state.ts';
export { leader, paletteKey, points, satisfyingSet } from './judge.ts';
export { applyCommand, replay, type ApplyResult } from './reducer.ts';
export { validateCommand, type Validation } from './validate.ts';
export { isWinning } from './turn.ts';
export { keepingTakes, mandatoryPending, takeTargets } from './actions.ts';
