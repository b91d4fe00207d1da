import { useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES, REPORT_REASONS, type ReportReason } from '@zaytoon/contract/client';
import { useHost } from '../../host';
import { useCreateReport } from '../../features/business/api/use-suggest-and-report';
import { SelectField, TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

/** 'Report Business' dialog: reason required, details optional. */
export function ReportDialog({ businessId, onClose, onSubmitted }: { businessId: number; onClose: () => void; onSubmitted?: () => void }) {
  const { toast, session } = useHost();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const reporting = useCreateReport(businessId);
  const busy = reporting.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || busy) return;
    if (!session.getState().user) {
      toast.error(MESSAGES.loginToReport);
      return;
    }
    reporting.mutate(
      { reason, description: details.trim() },
      {
        onSuccess: () => {
          onSubmitted?.();
          onClose();
        },
      },
    );
  };

  return (
    <Modal title="Report Business" onClose={onClose}>
      <form className="zd-form" onSubmit={submit} data-testid="report-form">
        <SelectField
          id="zd-report-reason"
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason | '')}
          required
        >
          <option value="">Select a reason</option>
          {REPORT_REASONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id="zd-report-details"
          label="Details (optional)"
          value={details}
          maxLength={LIMITS.textFieldMaxLength}
          count={{ length: details.length, max: LIMITS.textFieldMaxLength }}
          placeholder="Tell us more about the problem"
          onChange={(event) => setDetails(event.target.value)}
        />
        <div className="zd-actions">
          <button type="button" className="zd-btn zd-btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="zd-btn zd-btn--danger" disabled={!reason || busy}>
            {busy ? 'Submitting...' : 'Submit Report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
