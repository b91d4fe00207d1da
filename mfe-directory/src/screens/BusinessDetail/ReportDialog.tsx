import { useState } from 'react';
import { MESSAGES, REPORT_REASONS, type ReportReason } from '@zaytoon/contract/client';
import { useCreateReport } from '../../features/business/api/use-suggest-and-report';
import { SelectField } from '../../ui/Field';
import { DialogNoteField, MemberDialogForm } from './MemberDialogForm';

/** 'Report Business' dialog: reason required, details optional. */
export function ReportDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const reporting = useCreateReport(businessId);

  return (
    <MemberDialogForm
      title="Report Business"
      testId="report-form"
      input={reason ? { reason, description: details.trim() } : null}
      mutation={reporting}
      loginMessage={MESSAGES.loginToReport}
      submitLabel="Submit Report"
      submitClassName="btn btn--danger"
      onClose={onClose}
    >
      <SelectField label="Reason" value={reason} onChange={(event) => setReason(event.target.value as ReportReason | '')} required>
        <option value="">Select a reason</option>
        {REPORT_REASONS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <DialogNoteField label="Details (optional)" placeholder="Tell us more about the problem" value={details} onChange={setDetails} />
    </MemberDialogForm>
  );
}
