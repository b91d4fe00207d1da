import spinner from './Spinner.module.css';
export function InlineSpinner() {
  return <span className={spinner.spinner} aria-hidden="true" />;
}

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className={spinner.pageSpinner} role="status">
      <span className={`${spinner.spinner} ${spinner.large}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
