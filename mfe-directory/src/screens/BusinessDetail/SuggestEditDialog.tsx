import { useState, type FormEvent } from 'react';
import {
  errorMessage,
  FIELD_LABELS,
  MESSAGES,
  SOCIAL_NETWORKS,
  SUGGESTABLE_FIELDS,
  WEEKDAYS,
  type Business,
  type SuggestableField,
} from '@zaytoon/client';
import { useHost } from '../../host';
import { capitalise } from '../../lib/format';
import { Field, SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { currentValue, encodeObjectValue, JSON_FIELDS } from './suggestionValue';

/** 'Suggest Edit' dialog: field and value required (submit disabled until both), reason optional. */
export function SuggestEditDialog({
  business,
  onClose,
  onSubmitted,
}: {
  business: Business;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { api, toast } = useHost();
  const [field, setField] = useState<SuggestableField | ''>('');
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const suggested =
    field && JSON_FIELDS.has(field) ? encodeObjectValue(field as 'business_hours' | 'social_media', entries) : value.trim();
  const ready = field !== '' && suggested !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await api.addSuggestion(business.id, { field_name: field, suggested_value: suggested, reason: reason.trim() });
      toast.success(MESSAGES.suggestionSubmitted);
      onSubmitted();
      onClose();
    } catch (error) {
      console.error('suggestion failed', error);
      toast.error(errorMessage(error, MESSAGES.suggestionFailed));
      setBusy(false);
    }
  };

  const keys: readonly string[] = field === 'business_hours' ? WEEKDAYS : field === 'social_media' ? SOCIAL_NETWORKS : [];

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
                placeholder={field === 'business_hours' ? '9:00 AM - 6:00 PM or Closed' : '@handle or link'}
                onChange={(event) => setEntries((current) => ({ ...current, [key]: event.target.value }))}
              />
            ))}
          </fieldset>
        ) : field ? (
          <Field id="zd-suggest-value" label="Suggested value">
            {(control) =>
              field === 'description' || field === 'proof_of_support' ? (
                <textarea {...control} value={value} onChange={(event) => setValue(event.target.value)} required />
              ) : (
                <input
                  {...control}
                  type={field === 'website' ? 'url' : field === 'phone' ? 'tel' : 'text'}
                  value={value}
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
