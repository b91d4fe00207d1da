import { useState, type FormEvent } from 'react';
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
import { useHost } from '../../host';
import { useAddSuggestion } from '../../features/business/api/use-suggest-and-report';
import { BUSINESS_FIELD_MAX_LENGTH, isLongText } from '../../features/business/fieldLimits';
import { Field, SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { currentValue, encodeObjectValue, JSON_FIELDS } from './suggestionValue';

/** 'Suggest Edit' dialog: field and value required (submit disabled until both), reason optional. */
export function SuggestEditDialog({ business, onClose, onSubmitted }: { business: Business; onClose: () => void; onSubmitted?: () => void }) {
  const { toast, session } = useHost();
  const [field, setField] = useState<SuggestableField | ''>('');
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const suggesting = useAddSuggestion(business.id);
  const busy = suggesting.isPending;

  const suggested = field && JSON_FIELDS.has(field) ? encodeObjectValue(field as 'business_hours' | 'social_media', entries) : value.trim();
  const ready = field !== '' && suggested !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    if (!session.getState().user) {
      toast.error(MESSAGES.loginToSuggest);
      return;
    }
    suggesting.mutate(
      { field_name: field, suggested_value: suggested, reason: reason.trim() },
      {
        onSuccess: () => {
          onSubmitted?.();
          onClose();
        },
      },
    );
  };

  const keys: readonly string[] = field === 'business_hours' ? WEEKDAYS : field === 'social_media' ? SOCIAL_NETWORKS : [];
  const entryMax = field === 'business_hours' ? BUSINESS_FIELD_MAX_LENGTH.hours : LIMITS.socialLinkMaxLength;
  const valueMax = field && !JSON_FIELDS.has(field) ? BUSINESS_FIELD_MAX_LENGTH[field as keyof typeof BUSINESS_FIELD_MAX_LENGTH] : 0;

  return (
    <Modal title="Suggest Edit" onClose={onClose}>
      <form className="zd-form" onSubmit={submit} data-testid="suggest-form">
        <SelectField
          id="zd-suggest-field"
          label="Field to update"
          value={field}
          onChange={(event) => {
            setField(event.target.value as SuggestableField | '');
            setValue('');
            setEntries({});
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
          <p className="zd-hint" data-testid="current-value">
            Current value: {currentValue(business, field) || 'Not set'}
          </p>
        )}
        {field && JSON_FIELDS.has(field) ? (
          <fieldset className="zd-fieldset">
            <legend>Suggested {FIELD_LABELS[field].toLowerCase()}</legend>
            {keys.map((key) => (
              <TextField
                key={key}
                id={`zd-suggest-${key}`}
                label={key === 'twitter' ? 'Twitter/X' : capitalise(key)}
                value={entries[key] ?? ''}
                maxLength={entryMax}
                placeholder={field === 'business_hours' ? '9:00 AM - 6:00 PM or Closed' : '@handle or link'}
                onChange={(event) => setEntries((current) => ({ ...current, [key]: event.target.value }))}
              />
            ))}
          </fieldset>
        ) : field ? (
          <Field id="zd-suggest-value" label="Suggested value" count={isLongText(valueMax) ? { length: value.length, max: valueMax } : undefined}>
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
        <TextAreaField
          id="zd-suggest-reason"
          label="Reason (optional)"
          value={reason}
          maxLength={LIMITS.textFieldMaxLength}
          count={{ length: reason.length, max: LIMITS.textFieldMaxLength }}
          placeholder="Why should this change be made?"
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="zd-actions">
          <button type="button" className="zd-btn zd-btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="zd-btn zd-btn--primary" disabled={!ready || busy}>
            {busy ? 'Submitting...' : 'Submit Suggestion'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
