import { useState } from 'react';
import type { Photo } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useReportPhoto } from '../../features/photos/api/photos';
import { useMessages } from '../../i18n/messages';
import { DialogNoteField, MemberDialogForm } from './MemberDialogForm';

/** 'Report photo': the reason is required; reports by three members hide the photo until an admin reviews it. */
export function PhotoReportDialog({ businessId, photo, onClose }: { businessId: number; photo: Photo; onClose: () => void }) {
  const t = useMessages();
  const message = useContractMessages();
  const reporting = useReportPhoto(businessId);
  const [reason, setReason] = useState('');
  return (
    <MemberDialogForm
      title={t('photos.report')}
      testId="photo-report-form"
      input={reason.trim() ? { photo, reason: reason.trim() } : null}
      mutation={reporting}
      loginMessage={message('loginToReport')}
      submitLabel={t('report.submit')}
      submitClassName="btn btn--danger"
      onClose={onClose}
    >
      <DialogNoteField label={t('photos.reportReason')} placeholder={t('photos.reportPlaceholder')} value={reason} onChange={setReason} />
    </MemberDialogForm>
  );
}
