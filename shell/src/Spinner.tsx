export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
