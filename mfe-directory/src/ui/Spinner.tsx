export function InlineSpinner() {
  return <span className="zd-spinner" aria-hidden="true" />;
}

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="zd-page-spinner" role="status">
      <span className="zd-spinner zd-spinner--large" aria-hidden="true" />
      <span className="zd-visually-hidden">{label}</span>
    </div>
  );
}
