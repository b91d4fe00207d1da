import { SOURCE_KINDS, SOURCE_RULES } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../../i18n/messages';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { todayIso, type SourceDraft } from './sourceDraft';
import classes from './SourceFields.module.css';

/**
 * The kind, link, description and date of one source, for the business form and the
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
  const t = useMessages();
  const label = useContractLabels();
  return (
    <div className={classes.fields}>
      <div className={classes.pair}>
        <SelectField label={t('source.kind')} value={source.kind} onChange={set('kind')} error={errors.kind} required>
          <option value="">{t('source.selectKind')}</option>
          {SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {label('sourceKind', kind)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('source.date')} type="date" value={source.date} max={todayIso()} onChange={set('date')} error={errors.date} required />
      </div>
      <TextField
        label={t('source.link')}
        type="url"
        dir="ltr"
        value={source.url}
        maxLength={SOURCE_RULES.urlMaxLength}
        placeholder="https://"
        onChange={set('url')}
        error={errors.url}
      />
      <TextAreaField
        label={t('source.quote')}
        value={source.description}
        maxLength={SOURCE_RULES.descriptionMaxLength}
        count={{ length: source.description.length, max: SOURCE_RULES.descriptionMaxLength }}
        placeholder={t('source.quotePlaceholder')}
        onChange={set('description')}
        error={errors.description}
        required
      />
    </div>
  );
}
