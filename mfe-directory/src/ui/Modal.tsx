import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMessages } from '../i18n/messages';
import modal from './Modal.module.css';

/** The fields a visitor types into; a choice made in a list or box is cheap to make again and never asks. */
const TYPED_FIELDS =
  'textarea, input:not([type]), input[type="text"], input[type="email"], input[type="url"], input[type="tel"], input[type="search"]';
const FOCUSABLE = 'a[href], button:not(:disabled), input, select, textarea';

type TypedField = HTMLInputElement | HTMLTextAreaElement;

/** Whether a field holds other text than when the dialog opened (a field shown later started empty). */
function hasUnsavedText(panel: HTMLElement, openedWith: ReadonlyMap<Element, string>): boolean {
  return [...panel.querySelectorAll<TypedField>(TYPED_FIELDS)].some(
    (field) => !field.readOnly && field.value.trim() !== (openedWith.get(field) ?? '').trim(),
  );
}

const RequestClose = createContext<() => void>(() => {});

/** A dialog's own Cancel: closes it as Escape and × do, asking first when something typed would be lost. */
export function ModalCancelButton({ children }: { children: ReactNode }) {
  const requestClose = useContext(RequestClose);
  return (
    <button type="button" className="btn btn--outline" onClick={requestClose}>
      {children}
    </button>
  );
}

/**
 * Accessible dialog: role="dialog", labelled by its title, Escape and the backdrop
 * close it, focus moves inside on open and returns to the opener on close. Closing it with text typed in it
 * asks 'Discard what you wrote?' first; `onClose` runs only once that is answered (or when nothing was typed).
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const questionId = useId();
  const t = useMessages();
  const panel = useRef<HTMLDivElement>(null);
  const question = useRef<HTMLDivElement>(null);
  const openedWith = useRef(new Map<Element, string>());
  const focusBeforeAsking = useRef<HTMLElement | null>(null);
  const [asking, setAsking] = useState(false);

  const requestClose = useCallback(() => {
    if (!panel.current || !hasUnsavedText(panel.current, openedWith.current)) {
      onClose();
      return;
    }
    focusBeforeAsking.current = document.activeElement as HTMLElement | null;
    setAsking(true);
  }, [onClose]);

  const keepWriting = useCallback(() => setAsking(false), []);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const fields = panel.current?.querySelectorAll<TypedField>(TYPED_FIELDS) ?? [];
    openedWith.current = new Map([...fields].map((field) => [field, field.value]));
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    (first ?? panel.current)?.focus();
    return () => opener?.focus?.();
  }, []);

  // The question takes focus; 'Keep writing' gives it back to where the visitor was, once the form is no longer inert.
  useEffect(() => {
    if (asking) {
      question.current?.querySelector<HTMLElement>('[data-keep]')?.focus();
    } else if (focusBeforeAsking.current) {
      const back = focusBeforeAsking.current;
      focusBeforeAsking.current = null;
      (back.isConnected && back !== document.body ? back : panel.current)?.focus();
    }
  }, [asking]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (asking) keepWriting();
        else requestClose();
      }
      const trap = asking ? question.current : panel.current;
      if (event.key === 'Tab' && trap) {
        const focusable = [...trap.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) return;
        const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [asking, keepWriting, requestClose]);

  return (
    <div className={modal.modal} role="presentation" onMouseDown={(event) => event.target === event.currentTarget && !asking && requestClose()}>
      <div className={modal.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
        <div className={modal.header}>
          <h2 id={titleId} className={modal.title}>
            {title}
          </h2>
          <button type="button" className={modal.close} aria-label={t('common.close')} data-close onClick={requestClose}>
            ×
          </button>
        </div>
        {asking && (
          <div
            className={modal.question}
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={questionId}
            ref={question}
            data-testid="discard-question"
          >
            <p id={questionId} className={modal.questionText}>
              {t('dialog.discardQuestion')}
            </p>
            <div className={modal.questionActions}>
              <button type="button" className="btn btn--outline" onClick={keepWriting} data-keep>
                {t('dialog.keepWriting')}
              </button>
              <button type="button" className="btn btn--danger" onClick={onClose}>
                {t('dialog.discard')}
              </button>
            </div>
          </div>
        )}
        <RequestClose.Provider value={requestClose}>
          <div inert={asking}>{children}</div>
        </RequestClose.Provider>
      </div>
    </div>
  );
}
