import { useListMessages } from '../i18n/list-messages';
import spinner from './Spinner.module.css';
export function InlineSpinner() {
  return <span className={spinner.spinner} aria-hidden="true" />;
}

export function PageSpinner({ label }: { label?: string }) {
  const t = useListMessages();
  return (
    <div className={spinner.pageSpinner} role="status">
      <span className={`${spinner.spinner} ${spinner.large}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
