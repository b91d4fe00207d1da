import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useListMessages } from '../i18n/list-messages';
import fieldStyles from './Field.module.css';
import shared from './page.module.css';

export interface ControlProps {
  id: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface FrameProps {
  /** The control's id, which its label, hint, count and error are tied to; a unique one when left out. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Screen-reader only label, for controls whose purpose the layout already shows. */
  hideLabel?: boolean;
  className?: string;
  /** A long field's 'n/max characters' under it (the control's own maxLength stops it there). */
  count?: { length: number; max: number };
}

/** 'n/max characters', as SPEC §2's comment box counts. */
export function CharacterCount({ id, length, max, testId }: { id: string; length: number; max: number; testId?: string }) {
  const t = useListMessages();
  return (
    <p className={shared.hint} id={id} data-testid={testId}>
      {t('common.characters', { length, max })}
    </p>
  );
}

/**
 * Label, control, hint and error of one form field, paired by `id` (or an id of its own, from `useId`).
 * `required` here also marks the label with an asterisk; the *Field wrappers below
 * pass `required` to the control only, as their screens show no asterisk.
 */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  required,
  hideLabel,
  className,
  count,
  children,
}: FrameProps & { required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const describedBy = [hint ? `${id}-hint` : '', count ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${fieldStyles.field} ${className}` : fieldStyles.field}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, required, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p className={shared.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {count && <CharacterCount id={`${id}-count`} length={count.length} max={count.max} />}
      {error && (
        <p className={shared.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function splitFrame<P extends FrameProps>({ id, label, hint, error, hideLabel, className, count, ...control }: P) {
  return [{ id, label, hint, error, hideLabel, className, count }, control] as const;
}

export function TextField(props: FrameProps & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, input] = splitFrame(props);
  return <Field {...frame}>{(control) => <input {...control} {...input} />}</Field>;
}

export function TextAreaField(props: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [frame, textarea] = splitFrame(props);
  return <Field {...frame}>{(control) => <textarea {...control} {...textarea} />}</Field>;
}

export function SelectField(props: FrameProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [frame, select] = splitFrame(props);
  return <Field {...frame}>{(control) => <select {...control} {...select} />}</Field>;
}
