import { useId } from 'react';
import { SOURCE_RULES } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { SourceFields } from '../../features/business/sources/SourceFields';
import { emptySourceDraft, type SourceDraft } from '../../features/business/sources/sourceDraft';
import { useMessages } from '../../i18n/messages';
import shared from '../../ui/page.module.css';
import classes from './SourcesEditor.module.css';

const FIELDS = ['kind', 'url', 'description', 'date'] as const;

/** The business's sources of proof of support: a row each, added and removed here. */
export function SourcesEditor({
  sources,
  onChange,
  errors,
}: {
  sources: SourceDraft[];
  onChange: (sources: SourceDraft[]) => void;
  /** The API's field errors: `sources` for the list, `sources.N.kind` for a row's field. */
  errors: Record<string, string>;
}) {
  const replace = (index: number, source: SourceDraft) => onChange(sources.map((current, at) => (at === index ? source : current)));
  const full = sources.length >= SOURCE_RULES.maxPerBusiness;
  const hintId = useId();
  const t = useMessages();
  const message = useContractMessages();
  return (
    <div className={classes.editor} data-testid="sources-editor">
      <p className={shared.hint} id={hintId}>
        {t('sources.hint')}
      </p>
      {sources.length === 0 && <p data-testid="no-sources">{t('sources.none')}</p>}
      <ol className={classes.list}>
        {sources.map((source, index) => (
          <li key={source.key}>
            <fieldset className={classes.source} data-testid="source-row">
              <legend>{t('sources.legend', { n: index + 1 })}</legend>
              <SourceFields
                source={source}
                onChange={(changed) => replace(index, changed)}
                errors={Object.fromEntries(FIELDS.map((field) => [field, errors[`sources.${index}.${field}`]]))}
              />
              <button type="button" className="btn btn--outline" onClick={() => onChange(sources.filter((_, at) => at !== index))}>
                {t('sources.remove', { n: index + 1 })}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors.sources && (
        <p className={shared.error} role="alert">
          {errors.sources}
        </p>
      )}
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => onChange([...sources, emptySourceDraft()])}
        disabled={full}
        aria-describedby={hintId}
      >
        {t('sources.add')}
      </button>
      {full && <p className={shared.hint}>{message('tooManySources', { max: SOURCE_RULES.maxPerBusiness })}</p>}
    </div>
  );
}
