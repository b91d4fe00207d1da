import { useState } from 'react';
import { LIMITS, MESSAGES } from '@zaytoon/contract/client';
import { useClaimBusiness } from '../../features/business/api/use-claim';
import { TextAreaField } from '../../ui/Field';
import { MemberDialogForm } from './MemberDialogForm';

/** 'I own this business' (issue #14 point 4): how the member can prove it; an admin approves or rejects. */
export function ClaimDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const [evidence, setEvidence] = useState('');
  const claiming = useClaimBusiness(businessId);
  const trimmed = evidence.trim();

  return (
    <MemberDialogForm
      title={MESSAGES.claimOwnBusiness}
      testId="claim-form"
      input={trimmed.length >= LIMITS.claimEvidenceMinLength ? { evidence: trimmed } : null}
      mutation={claiming}
      loginMessage={MESSAGES.loginToClaim}
      submitLabel="Submit Claim"
      submitClassName="btn btn--primary"
      onClose={onClose}
    >
      <TextAreaField
        label={MESSAGES.claimEvidenceLabel}
        value={evidence}
        required
        minLength={LIMITS.claimEvidenceMinLength}
        maxLength={LIMITS.claimEvidenceMaxLength}
        count={{ length: evidence.length, max: LIMITS.claimEvidenceMaxLength }}
        hint={`At least ${LIMITS.claimEvidenceMinLength} characters. An admin checks every claim; once it is approved you can edit the listing, and its page shows '${MESSAGES.managedByOwner}'.`}
        placeholder="e.g. I am the director at Companies House; my email is on the business's website; I can answer the shop phone"
        onChange={(event) => setEvidence(event.target.value)}
      />
    </MemberDialogForm>
  );
}
