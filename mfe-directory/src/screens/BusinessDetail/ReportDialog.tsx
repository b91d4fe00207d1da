import { useState } from 'react';
import { REPORT_REASONS, type ReportReason } from '@zaytoon/contract/client';
import { useCreateReport } from '../../features/business/api/use-suggest-and-report';
import { useMessages } from '../../i18n/messages';
import { SelectField } from '../../ui/Field';
import { DialogNoteField, MemberDialogForm } from './MemberDialogForm';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** 'Report Business' dialog: reason required, details optional. */
export function ReportDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const reporting = useCreateReport(businessId);
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();

  return (
    <MemberDialogForm
      title={t('detail.report')}
      testId="report-form"
      input={reason ? { reason, description: details.trim() } : null}
      mutation={reporting}
      loginMessage={message('loginToReport')}
      submitLabel={t('report.submit')}
      submitClassName="btn btn--danger"
      onClose={onClose}
    >
      <SelectField label={t('report.reason')} value={reason} onChange={(event) => setReason(event.target.value as ReportReason | '')} required>
        <option value="">{t('report.selectReason')}</option>
        {REPORT_REASONS.map((name) => (
          <option key={name} value={name}>
            {label('reportReason', name)}
          </option>
        ))}
      </SelectField>
      <DialogNoteField label={t('report.details')} placeholder={t('report.detailsPlaceholder')} value={details} onChange={setDetails} />
    </MemberDialogForm>
  );
}
