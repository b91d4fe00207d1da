import { useMessages } from './i18n/messages';

export function Spinner({ label }: { label?: string }) {
  const t = useMessages();
  return (
    <div className="page-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
