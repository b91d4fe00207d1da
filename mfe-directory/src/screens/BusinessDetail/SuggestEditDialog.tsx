import { useState } from 'react';
import {
  capitalise,
  FIELD_LABELS,
  LIMITS,
  MESSAGES,
  SOCIAL_NETWORKS,
  SUGGESTABLE_FIELDS,
  WEEKDAYS,
  type Business,
  type SuggestableField,
} from '@zaytoon/contract/client';
import { useAddSuggestion } from '../../features/business/api/use-suggest-and-report';
import { SourceFields } from '../../features/business/sources/SourceFields';
import { emptySourceDraft } from '../../features/business/sources/sourceDraft';
import { BUSINESS_FIELD_MAX_LENGTH, isLongText } from '../../features/business/fieldLimits';
import { Field, SelectField, TextField } from '../../ui/Field';
import { DialogNoteField, MemberDialogForm } from './MemberDialogForm';
import { currentValue, encodeObjectValue, encodeSourceValue, JSON_FIELDS } from './suggestionValue';
import shared from '../../ui/page.module.css';
import suggest from './SuggestEditDialog.module.css';

/** 'Suggest Edit' dialog: field and value required (submit disabled until both), reason optional. */
export function SuggestEditDialog({ business, onClose }: { business: Business; onClose: () => void }) {
  const [field, setField] = useState<SuggestableField | ''>('');
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Record<string, string>>({});
  const [source, setSource] = useState(emptySourceDraft);
  const [reason, setReason] = useState('');
  const suggesting = useAddSuggestion(business.id);

  const suggested =
    field === 'proof_of_support'
      ? encodeSourceValue(source)
      : field && JSON_FIELDS.has(field)
        ? encodeObjectValue(field as 'business_hours' | 'social_media', entries)
        : value.trim();
  const sourceErrors = field === 'proof_of_support' ? suggestedSourceErrors(suggesting.error) : undefined;

  const keys: readonly string[] = field === 'business_hours' ? WEEKDAYS : field === 'social_media' ? SOCIAL_NETWORKS : [];
  const entryMax = field === 'business_hours' ? BUSINESS_FIELD_MAX_LENGTH.hours : LIMITS.socialLinkMaxLength;
  const valueMax = field && !JSON_FIELDS.has(field) ? BUSINESS_FIELD_MAX_LENGTH[field as keyof typeof BUSINESS_FIELD_MAX_LENGTH] : 0;

  return (
    <MemberDialogForm
      title="Suggest Edit"
      testId="suggest-form"
      input={field && suggested ? { field_name: field, suggested_value: suggested, reason: reason.trim() } : null}
      mutation={suggesting}
      loginMessage={MESSAGES.loginToSuggest}
      submitLabel="Submit Suggestion"
      submitClassName="btn btn--primary"
      onClose={onClose}
    >
      <SelectField
        label="Field to update"
        value={field}
        onChange={(event) => {
          setField(event.target.value as SuggestableField | '');
          setValue('');
          setEntries({});
          setSource(emptySourceDraft());
        }}
        required
      >
        <option value="">Select a field</option>
        {SUGGESTABLE_FIELDS.map((name) => (
          <option key={name} value={name}>
            {FIELD_LABELS[name]}
          </option>
        ))}
      </SelectField>
      {field && (
        <p className={shared.hint} data-testid="current-value">
          Current value: {currentValue(business, field) || 'Not set'}
        </p>
      )}
      {field === 'proof_of_support' ? (
        <fieldset className={suggest.fieldset}>
          <legend>Suggested source</legend>
          <SourceFields source={source} onChange={setSource} errors={sourceErrors} />
        </fieldset>
      ) : field && JSON_FIELDS.has(field) ? (
        <fieldset className={suggest.fieldset}>
          <legend>Suggested {FIELD_LABELS[field].toLowerCase()}</legend>
          {keys.map((key) => (
            <TextField
              key={key}
              label={key === 'twitter' ? 'Twitter/X' : capitalise(key)}
              value={entries[key] ?? ''}
              maxLength={entryMax}
              placeholder={field === 'business_hours' ? '9:00 AM - 6:00 PM or Closed' : '@handle or link'}
              onChange={(event) => setEntries((current) => ({ ...current, [key]: event.target.value }))}
            />
          ))}
        </fieldset>
      ) : field ? (
        <Field label="Suggested value" count={isLongText(valueMax) ? { length: value.length, max: valueMax } : undefined}>
          {(control) =>
            isLongText(valueMax) ? (
              <textarea {...control} value={value} maxLength={valueMax} onChange={(event) => setValue(event.target.value)} required />
            ) : (
              <input
                {...control}
                type={field === 'website' ? 'url' : field === 'phone' ? 'tel' : 'text'}
                value={value}
                maxLength={valueMax}
                onChange={(event) => setValue(event.target.value)}
                required
              />
            )
          }
        </Field>
      ) : null}
      <DialogNoteField label="Reason (optional)" placeholder="Why should this change be made?" value={reason} onChange={setReason} />
    </MemberDialogForm>
  );
}

/** The API names a suggested source's fields `suggested_value.kind` and so on. */
function suggestedSourceErrors(error: unknown): Record<string, string> {
  const errors = (error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, message]) => (key.startsWith('suggested_value.') ? [[key.slice(16), message]] : [])),
  );
}
