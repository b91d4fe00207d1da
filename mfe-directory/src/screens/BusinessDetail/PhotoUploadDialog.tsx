import { useState } from 'react';
import { PHOTO_RULES } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useUploadPhoto, type PhotoUpload } from '../../features/photos/api/photos';
import { useMessages } from '../../i18n/messages';
import { Field, TextField } from '../../ui/Field';
import { MemberDialogForm } from './MemberDialogForm';
import shared from '../../ui/page.module.css';
import classes from './Photos.module.css';

/** 'Add a photo': the file, its alt text, which photos help, and the licence the upload grants. */
export function PhotoUploadDialog({ businessId, onClose }: { businessId: number; onClose: () => void }) {
  const t = useMessages();
  const message = useContractMessages();
  const uploading = useUploadPhoto(businessId);
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const input: PhotoUpload | null = file && altText.trim() ? { file, altText: altText.trim() } : null;

  return (
    <MemberDialogForm
      title={t('photos.add')}
      testId="photo-upload-form"
      input={input}
      mutation={uploading}
      loginMessage={message('loginToAddPhoto')}
      submitLabel={t('photos.upload')}
      submitClassName="btn btn--primary"
      onClose={onClose}
    >
      <div className={shared.hint}>
        <p className={classes.wantedTitle}>{t('photos.wanted')}</p>
        <ul className={classes.wanted}>
          <li>{t('photos.wantedFront')}</li>
          <li>{t('photos.wantedInside')}</li>
          <li>{t('photos.wantedProducts')}</li>
          <li>{t('photos.wantedSupport')}</li>
        </ul>
      </div>
      <Field label={t('photos.file')} required>
        {/* Upload stays disabled until a file is chosen, so the browser's own check would only repeat it. */}
        {(control) => (
          <input
            {...control}
            required={false}
            aria-required
            type="file"
            accept={PHOTO_RULES.mimeTypes.join(',')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <TextField
        label={t('photos.altText')}
        value={altText}
        maxLength={PHOTO_RULES.altTextMaxLength}
        required
        dir="auto"
        onChange={(event) => setAltText(event.target.value)}
      />
      <p className={shared.hint} data-testid="photo-licence">
        {t('photos.licence', { licence: PHOTO_RULES.licence })}{' '}
        <a href={PHOTO_RULES.licenceUrl} target="_blank" rel="noopener noreferrer license" dir="ltr">
          {PHOTO_RULES.licence}
        </a>
      </p>
    </MemberDialogForm>
  );
}
