import {
  CONFIRMATION_ANSWERS,
  INPUT_LABELS,
  REPORT_REASONS,
  REVISION_FIELD_LABELS,
  REVISION_KIND_LABELS,
  SOCIAL_NETWORKS,
  SOURCE_KINDS,
  TAG_SUGGESTION_LABELS,
  VERIFICATION_METHODS,
  WEEKDAYS,
} from '../limits';
import { VERIFICATION_LINE_START } from '../messages';

/** A list of values the API takes as they are, each its own English label. */
const labelledBySelf = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((value) => [value, value]));

/**
 * The contract's label tables (limits.ts) by name: the words a page shows for a field, a reason, a
 * method, a kind or an answer. The API keeps the English values; a page shows the label in its language, each the
 * catalog entry `<table>.<value>` (`field.name`, `reportReason.Other`) beside the messages' codes.
 */
export const CONTRACT_LABELS = {
  field: { ...REVISION_FIELD_LABELS, ...TAG_SUGGESTION_LABELS },
  revisionKind: REVISION_KIND_LABELS,
  reportReason: labelledBySelf(REPORT_REASONS),
  verificationMethod: labelledBySelf(VERIFICATION_METHODS),
  sourceKind: labelledBySelf(SOURCE_KINDS),
  confirmationAnswer: labelledBySelf(CONFIRMATION_ANSWERS),
  verifiedBy: VERIFICATION_LINE_START,
  input: INPUT_LABELS,
  /** The keys of a written-out hours or social links value ('monday: 9-5'). */
  valueKey: labelledBySelf([...WEEKDAYS, ...SOCIAL_NETWORKS]),
} satisfies Record<string, Record<string, string>>;

export type LabelTable = keyof typeof CONTRACT_LABELS;

/** The labels as English catalog entries: `field.name` → 'Business Name'. */
export const contractLabelEntries = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(CONTRACT_LABELS).flatMap(([table, labels]) => Object.entries(labels).map(([value, text]) => [`${table}.${value}`, text])),
  );

const NAMED_INPUTS = ['field', 'input'] as const satisfies LabelTable[];

/**
 * The label entry of the input a validation message names in its `field` param: the server writes the English label
 * ('Business Name', 'Email') or, for some, the field itself ('business_hours'). Undefined for one no table has.
 */
export function inputLabelKey(field: string): `${LabelTable}.${string}` | undefined {
  for (const table of NAMED_INPUTS) {
    const labels: Record<string, string> = CONTRACT_LABELS[table];
    if (Object.hasOwn(labels, field)) return `${table}.${field}`;
    const value = Object.keys(labels).find((key) => labels[key] === field);
    if (value !== undefined) return `${table}.${value}`;
  }
  return undefined;
}
