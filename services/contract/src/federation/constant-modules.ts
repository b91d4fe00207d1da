/**
 * The contract's files that only declare constants (messages, their codes, form limits, their label tables). The bundler cannot prove
 * `Object.keys(...)` and the like free of side effects, so a first chunk that re-exports them through the contract's
 * client barrel would keep a bare import of them, and every first visit would fetch them. The package's `sideEffects`
 * field does not reach files resolved through the workspace link; rolldown's `treeshake.moduleSideEffects` does.
 */
export const CONTRACT_CONSTANT_MODULES = /services\/contract\/src\/(messages|limits|i18n\/(message-codes|contract-labels))\.ts$/;

/**
 * The contract's modules of pure functions that a first chunk re-exports without running them: the opening-hours parser,
 * and the written-out values of history, which the messages import for their English words.
 */
const CONTRACT_FUNCTION_MODULES = /services\/contract\/src\/(opening-hours|format\/describe-value)\.ts$/;

export const contractModuleSideEffects = (id: string): boolean => !CONTRACT_CONSTANT_MODULES.test(id) && !CONTRACT_FUNCTION_MODULES.test(id);
