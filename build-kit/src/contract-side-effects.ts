/**
 * The contract's modules that only declare constants (messages, their codes, form limits, label tables) or pure
 * functions (the opening-hours parser, history's written-out values). The bundler cannot prove `Object.keys(...)` and
 * the like free of side effects, so a chunk that re-exports them through the contract's client barrel would keep a
 * bare import of them. The package's `sideEffects` field does not reach files resolved through the workspace link;
 * rolldown's `treeshake.moduleSideEffects`, given this function, does.
 */
const CONTRACT_PURE_MODULES =
  /services\/contract\/src\/(messages|limits|opening-hours|format\/describe-value|i18n\/(message-codes|contract-labels))\.ts$/;

export const contractModuleSideEffects = (id: string): boolean => !CONTRACT_PURE_MODULES.test(id);
