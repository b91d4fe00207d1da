import { useState } from 'react';
import { LIMITS } from '@zaytoon/contract/client';
import { useClaimBusiness } from '../../features/business/api/use-claim';
import { useMessages } from '../../i18n/messages';
import { TextAreaField } from '../../ui/Field';
import { MemberDialogForm } from './MemberDialogForm';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** 'I own this business': how the member can prove it; an admin approves or rejects. */
export function ClaimDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const [evidence, setEvidence] = useState('');
  const claiming = useClaimBusiness(businessId);
  const trimmed = evidence.trim();
  const t = useMessages();
  const message = useContractMessages();

  return (
    <MemberDialogForm
      title={message('claimOwnBusiness')}
      testId="claim-form"
      input={trimmed.length >= LIMITS.claimEvidenceMinLength ? { evidence: trimmed } : null}
      mutation={claiming}
      loginMessage={message('loginToClaim')}
      submitLabel={t('claim.submit')}
      submitClassName="btn btn--primary"
      onClose={onClose}
    >
      <TextAreaField
        label={message('claimEvidenceLabel')}
        value={evidence}
        required
        minLength={LIMITS.claimEvidenceMinLength}
        maxLength={LIMITS.claimEvidenceMaxLength}
        count={{ length: evidence.length, max: LIMITS.claimEvidenceMaxLength }}
        hint={t('claim.hint', { min: LIMITS.claimEvidenceMinLength, managed: message('managedByOwner') })}
        placeholder={t('claim.placeholder')}
        onChange={(event) => setEvidence(event.target.value)}
      />
    </MemberDialogForm>
  );
}
