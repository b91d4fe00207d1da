import type { FormEvent, ReactNode } from 'react';
import { LIMITS } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../../i18n/messages';
import { TextAreaField } from '../../ui/Field';
import { Modal, ModalCancelButton } from '../../ui/Modal';
import forms from '../../ui/forms.module.css';

/**
 * Form of the business page's member dialogs ('Suggest Edit', 'Report Business'). Submit stays disabled until
 * `input` is complete, sends it only for a logged-in member (others get `loginMessage`), and closes the dialog
 * once the request succeeds; Cancel closes it (asking first if something typed would be lost).
 */
export function MemberDialogForm<Input>({
  title,
  testId,
  input,
  mutation,
  loginMessage,
  submitLabel,
  submitClassName,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  /** What to send, or null while a required field is empty. */
  input: Input | null;
  mutation: { isPending: boolean; mutate: (input: Input, options: { onSuccess: () => void }) => void };
  loginMessage: string;
  submitLabel: string;
  submitClassName: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { toast, session } = useHost();
  const busy = mutation.isPending;
  const t = useMessages();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input === null || busy) return;
    if (!session.getState().user) {
      toast.error(loginMessage);
      return;
    }
    mutation.mutate(input, { onSuccess: onClose });
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className={forms.form} onSubmit={submit} data-testid={testId}>
        {children}
        <div className={forms.actions}>
          <ModalCancelButton>{t('common.cancel')}</ModalCancelButton>
          <button type="submit" className={submitClassName} disabled={input === null || busy}>
            {busy ? t('dialog.submitting') : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The dialogs' optional free text (a report's details, a suggestion's reason), counted up to its limit. */
export function DialogNoteField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextAreaField
      label={label}
      value={value}
      maxLength={LIMITS.textFieldMaxLength}
      count={{ length: value.length, max: LIMITS.textFieldMaxLength }}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
