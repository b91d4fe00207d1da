import { CONFIRMATION_ANSWERS, REPORT_REASONS, REVISION_FIELD_LABELS, REVISION_KIND_LABELS, SOURCE_KINDS, VERIFICATION_METHODS } from '../limits';
import { VERIFICATION_LINE_START } from '../messages';

/** A list of values the API takes as they are, each its own English label. */
const labelledBySelf = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((value) => [value, value]));

/**
 * The contract's label tables (limits.ts) by name (issue #15): the words a page shows for a field, a reason, a
 * method, a kind or an answer. The API keeps the English values; a page shows the label in its language, each the
 * catalog entry `<table>.<value>` (`field.name`, `reportReason.Other`) beside the messages' codes.
 */
export const CONTRACT_LABELS = {
  field: REVISION_FIELD_LABELS,
  revisionKind: REVISION_KIND_LABELS,
  reportReason: labelledBySelf(REPORT_REASONS),
  verificationMethod: labelledBySelf(VERIFICATION_METHODS),
  sourceKind: labelledBySelf(SOURCE_KINDS),
  confirmationAnswer: labelledBySelf(CONFIRMATION_ANSWERS),
  verifiedBy: VERIFICATION_LINE_START,
} satisfies Record<string, Record<string, string>>;

export type LabelTable = keyof typeof CONTRACT_LABELS;

/** The labels as English catalog entries: `field.name` → 'Business Name'. */
export const contractLabelEntries = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(CONTRACT_LABELS).flatMap(([table, labels]) => Object.entries(labels).map(([value, text]) => [`${table}.${value}`, text])),
  );
