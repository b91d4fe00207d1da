import { useEffect, useId, useRef, useState } from 'react';
import type { DirectoryFilter } from '@zaytoon/contract/client';
import { EMBED_VIEWS, embedSnippet, embedUrl, type EmbedView } from '@zaytoon/contract/embed';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../i18n/messages';
import embed from './EmbedDialog.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * 'Embed this map': the HTML another site pastes to show the current filters' businesses in an iframe of
 * /embed, on this page's origin (the front door's), as a map or a list. A native modal <dialog>: the browser keeps
 * focus inside, closes it on Escape and gives focus back to the button.
 */
export function EmbedDialog({ filter, onClose }: { filter: DirectoryFilter; onClose: () => void }) {
  const { productName } = useHost();
  const t = useMessages();
  const titleId = useId();
  const codeId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<EmbedView>('map');
  const [copy, setCopy] = useState<CopyState>('idle');
  const snippet = embedSnippet(
    embedUrl(window.location.origin, { city: filter.city, category: filter.category, view }),
    t('embed.frameTitle', { product: productName }),
  );

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const choose = (next: EmbedView) => {
    setView(next);
    setCopy('idle');
  };
  const copySnippet = () =>
    navigator.clipboard.writeText(snippet).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );

  return (
    <dialog ref={dialog} className={embed.dialog} aria-labelledby={titleId} onClose={onClose} data-testid="embed-dialog">
      <h2 id={titleId} className={embed.title}>
        {t('embed.title')}
      </h2>
      <p>{t('embed.intro', { product: productName })}</p>
      <fieldset className={embed.views}>
        <legend>{t('embed.view')}</legend>
        {EMBED_VIEWS.map((option) => (
          <label key={option}>
            <input type="radio" name="embed-view" value={option} checked={view === option} onChange={() => choose(option)} />{' '}
            {t(option === 'map' ? 'embed.viewMap' : 'embed.viewList')}
          </label>
        ))}
      </fieldset>
      <label htmlFor={codeId} className={embed.label}>
        {t('embed.code')}
      </label>
      <textarea
        id={codeId}
        className={embed.code}
        value={snippet}
        readOnly
        dir="ltr"
        onFocus={(event) => event.currentTarget.select()}
        data-testid="embed-snippet"
      />
      <div className={embed.actions}>
        <p className={embed.status} role="status" data-testid="embed-copy-status">
          {copy === 'copied' ? t('embed.copied') : copy === 'failed' ? t('embed.copyFailed') : ''}
        </p>
        <button type="button" className="btn btn--outline" onClick={() => dialog.current?.close()}>
          {t('common.close')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void copySnippet()} data-testid="embed-copy">
          {t('embed.copy')}
        </button>
      </div>
    </dialog>
  );
}
