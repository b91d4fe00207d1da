import { InlineSpinner } from './Spinner';

/** A form's submit button: disabled, with a spinner and `busyLabel`, while its request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  className = 'btn btn--primary',
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className?: string;
  children: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && <InlineSpinner />}
      {busy ? busyLabel : children}
    </button>
  );
}
