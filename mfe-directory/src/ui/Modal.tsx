import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useMessages } from '../i18n/messages';
import modal from './Modal.module.css';

/**
 * Accessible dialog: role="dialog", labelled by its title, Escape and the backdrop
 * close it, focus moves inside on open and returns to the opener on close.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const t = useMessages();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])');
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab' && panel.current) {
        const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input, select, textarea')];
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
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [onClose]);

  return (
    <div className={modal.modal} role="presentation" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className={modal.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
        <div className={modal.header}>
          <h2 id={titleId} className={modal.title}>
            {title}
          </h2>
          <button type="button" className={modal.close} aria-label={t('common.close')} data-close onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
