import { useState } from 'react';
import { LIMITS } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useRedact } from '../../features/history/api/use-redact';
import { useMessages } from '../../i18n/messages';
import { TextAreaField } from '../../ui/Field';
import { MemberDialogForm } from './MemberDialogForm';

/** An admin's 'Redact': why this version's values leave the public history (shown in their place). */
export function RedactDialog({ businessId, revisionId, onClose }: { businessId: number; revisionId: number; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const redacting = useRedact(businessId, revisionId);
  const trimmed = reason.trim();
  const t = useMessages();
  const message = useContractMessages();

  return (
    <MemberDialogForm
      title={t('history.redactTitle')}
      testId="redact-form"
      input={trimmed ? { reason: trimmed } : null}
      mutation={redacting}
      loginMessage={message('adminOnly')}
      submitLabel={t('history.redact')}
      submitClassName="btn btn--danger"
      onClose={onClose}
    >
      <TextAreaField
        label={t('history.redactReason')}
        value={reason}
        required
        maxLength={LIMITS.redactionReasonMaxLength}
        count={{ length: reason.length, max: LIMITS.redactionReasonMaxLength }}
        hint={t('history.redactHint')}
        onChange={(event) => setReason(event.target.value)}
      />
    </MemberDialogForm>
  );
}
