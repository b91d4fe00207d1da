import { useState, type FormEvent } from 'react';
import { errorMessage, MESSAGES, REPORT_REASONS, type ReportReason } from '@zaytoon/client';
import { useHost } from '../../host';
import { SelectField, TextAreaField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

/** 'Report Business' dialog: reason required, details optional. */
export function ReportDialog({
  businessId,
  onClose,
  onSubmitted,
}: {
  businessId: number;
  onClose: () => void;
  onSubmitted?: () => void;
}) {
  const { api, toast } = useHost();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason || busy) return;
    setBusy(true);
    try {
      await api.createReport({ business_id: businessId, reason, description: details.trim() });
      toast.success(MESSAGES.reportSubmitted);
      onSubmitted?.();
      onClose();
    } catch (error) {
      console.error('report failed', error);
      toast.error(errorMessage(error, MESSAGES.reportFailed));
      setBusy(false);
    }
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
