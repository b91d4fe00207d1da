import { formatDate, NEW_TAB_REL, type AdminPhoto } from '@zaytoon/contract/client';
import { useAdminPhotos, usePhotoDecision, type PhotoDecision } from '../../features/admin/api/photos';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { SearchedList } from './SearchedList';
import { settled } from './QueueTab';
import { useBusy } from './useBusy';

/**
 * Recent photo uploads, newest first: the photo, its reports, the uploader's record, and 'Remove' (or 'Keep' for a
 * hidden one); searched by business name.
 */
export function PhotosTab() {
  const t = useMessages();
  const decide = usePhotoDecision();
  return (
    <SearchedList
      testId="admin-photos"
      useItems={useAdminPhotos}
      failure="loadPhotosFailed"
      empty={t('photos.empty')}
      renderItem={(photo) => <PhotoCard key={photo.id} photo={photo} onDecide={(decision) => settled(decide.mutateAsync({ photo, decision }))} />}
    />
  );
}

function PhotoCard({ photo, onDecide }: { photo: AdminPhoto; onDecide: (decision: PhotoDecision) => Promise<unknown> }) {
  const t = useMessages();
  const [busy, run] = useBusy();
  const thumbnail = photo.sizes[0];
  return (
    <li className={`${card.card} ${card.item}`} data-testid="admin-photo" data-photo-id={photo.id}>
      <div className={card.itemHead}>
        {photo.state === 'hidden' && <span className={`${card.badge} ${card.badgeRed}`}>{t('photos.hidden')}</span>}
        {photo.report_count > 0 && <span className={`${card.badge} ${card.badgeAmber}`}>{t('photos.reports', { count: photo.report_count })}</span>}
        <time className={card.muted} dateTime={photo.created_at}>
          {formatDate(photo.created_at)}
        </time>
      </div>
      {thumbnail && <img src={thumbnail.url} alt={photo.alt_text} width={thumbnail.width} height={thumbnail.height} loading="lazy" />}
      <p dir="auto">{photo.alt_text}</p>
      <p>
        <a href={`/business/${photo.business_id}`} target="_blank" rel={NEW_TAB_REL}>
          {t('photos.business')}
        </a>
      </p>
      <p className={card.muted} data-testid="uploader-record">
        {t('photos.uploader', {
          name: photo.username,
          date: formatDate(photo.uploader.account_created_at),
          photos: photo.uploader.photos,
          removed: photo.uploader.photos_removed,
        })}
      </p>
      {photo.reasons.length > 0 && (
        <ul data-testid="photo-reasons">
          {photo.reasons.map((reason, index) => (
            <li key={index} dir="auto">
              {reason}
            </li>
          ))}
        </ul>
      )}
      <div className={card.actions}>
        {photo.state === 'hidden' && (
          <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onDecide('keep'))}>
            {t('photos.keep')}
          </button>
        )}
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => run(() => onDecide('remove'))}>
          {t('photos.remove')}
        </button>
      </div>
    </li>
  );
}
