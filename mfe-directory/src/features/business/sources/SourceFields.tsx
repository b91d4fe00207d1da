import { SOURCE_KINDS, SOURCE_RULES } from '@zaytoon/contract/client';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { todayIso, type SourceDraft } from './sourceDraft';
import classes from './SourceFields.module.css';

/**
 * The kind, link, description and date of one source (issue #13 point 3), for the business form and the
 * suggestion dialog. `errors` are the API's, keyed by field name.
 */
export function SourceFields({
  source,
  onChange,
  errors = {},
}: {
  source: SourceDraft;
  onChange: (source: SourceDraft) => void;
  errors?: Partial<Record<'kind' | 'url' | 'description' | 'date', string>>;
}) {
  const set = (field: 'kind' | 'url' | 'description' | 'date') => (event: { target: { value: string } }) =>
    onChange({ ...source, [field]: event.target.value });
  return (
    <div className={classes.fields}>
      <div className={classes.pair}>
        <SelectField label="Kind of source" value={source.kind} onChange={set('kind')} error={errors.kind} required>
          <option value="">Select a kind</option>
          {SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" value={source.date} max={todayIso()} onChange={set('date')} error={errors.date} required />
      </div>
      <TextField
        label="Link (optional)"
        type="url"
        value={source.url}
        maxLength={SOURCE_RULES.urlMaxLength}
        placeholder="https://"
        onChange={set('url')}
        error={errors.url}
      />
      <TextAreaField
        label="Quote or description"
        value={source.description}
        maxLength={SOURCE_RULES.descriptionMaxLength}
        count={{ length: source.description.length, max: SOURCE_RULES.descriptionMaxLength }}
        placeholder="What the statement, sign or post says"
        onChange={set('description')}
        error={errors.description}
        required
      />
    </div>
  );
}
