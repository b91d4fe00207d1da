import { useEffect, useId, useRef, useState } from 'react';
import { type Photo } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useDeletePhoto, usePhotos, useSetCoverPhoto } from '../../features/photos/api/photos';
import { photoSrcSet } from '../../features/photos/photo-src-set';
import { lazyNamed } from '../../lib/lazyNamed';
import { useMessages } from '../../i18n/messages';
import { Modal } from '../../ui/Modal';
import { MoreButton } from '../../ui/MoreButton';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import classes from './Photos.module.css';

const PhotoUploadDialog = lazyNamed(() => import('./PhotoUploadDialog'), 'PhotoUploadDialog');
const PhotoReportDialog = lazyNamed(() => import('./PhotoReportDialog'), 'PhotoReportDialog');

/**
 * The business's photos: thumbnails paged newest first, each labelled 'From the owner' or 'From the community' and
 * credited to its uploader; a full-size view stepped with the arrow keys; members add photos, and delete their own.
 */
export function Photos({ businessId, isOwner }: { businessId: number; isOwner: boolean }) {
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const { toast } = useHost();
  const user = useSession((state) => state.user);
  const photos = usePhotos(businessId);
  const deleting = useDeletePhoto(businessId);
  const choosingCover = useSetCoverPhoto(businessId);
  const mayChooseCover = isOwner || Boolean(user?.is_admin);
  const [viewing, setViewing] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [reporting, setReporting] = useState<Photo | null>(null);

  const add = () => {
    if (!user) toast.error(message('loginToAddPhoto'));
    else setUploading(true);
  };
  const remove = (photo: Photo) => {
    if (window.confirm(t('photos.confirmDelete'))) deleting.mutate(photo);
  };

  return (
    <section className={shared.card} aria-labelledby={`${ids}title`} data-testid="photos">
      <div className={classes.head}>
        <h2 id={`${ids}title`} className={forms.sectionTitle}>
          {t('photos.title', { n: photos.total })}
        </h2>
        <button type="button" className="btn btn--outline" onClick={add}>
          {t('photos.add')}
        </button>
      </div>
      {photos.items.length === 0 ? (
        <p className={shared.hint}>{t('photos.none')}</p>
      ) : (
        <ul className={classes.grid}>
          {photos.items.map((photo, index) => (
            <li key={photo.id} className={classes.item} data-testid="photo">
              <button
                type="button"
                className={classes.thumbButton}
                onClick={() => setViewing(index)}
                aria-label={t('photos.open', { alt: photo.alt_text })}
              >
                <img
                  src={photo.sizes[0].url}
                  srcSet={photoSrcSet(photo.sizes)}
                  sizes="(max-width: 600px) 45vw, 200px"
                  alt={photo.alt_text}
                  width={photo.sizes[0].width}
                  height={photo.sizes[0].height}
                  loading="lazy"
                  className={classes.thumb}
                />
              </button>
              <PhotoCaption photo={photo} />
              {photo.is_cover ? (
                <span className={classes.coverBadge} data-testid="photo-cover">
                  {t('photos.cover')}
                </span>
              ) : (
                mayChooseCover && (
                  <button
                    type="button"
                    className={forms.linkButton}
                    onClick={() => choosingCover.mutate(photo)}
                    disabled={choosingCover.isPending}
                    aria-label={t('photos.makeCoverLabel', { alt: photo.alt_text })}
                  >
                    {t('photos.makeCover')}
                  </button>
                )
              )}
              {user && (user.is_admin || user.id === photo.uploader_id) && (
                <button
                  type="button"
                  className={`${forms.linkButton} ${classes.delete}`}
                  onClick={() => remove(photo)}
                  aria-label={t('photos.deleteLabel', { alt: photo.alt_text })}
                >
                  {t('photos.delete')}
                </button>
              )}
              <button
                type="button"
                className={`${forms.linkButton} ${classes.delete}`}
                onClick={() => (user ? setReporting(photo) : toast.error(message('loginToReport')))}
                aria-label={t('photos.reportLabel', { alt: photo.alt_text })}
              >
                {t('photos.report')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {photos.hasMore && (
        <MoreButton loading={photos.loadingMore} onMore={photos.loadMore}>
          {t('photos.loadMore')}
        </MoreButton>
      )}
      {viewing !== null && photos.items[viewing] && (
        <PhotoViewer photos={photos.items} index={viewing} total={photos.total} onMove={setViewing} onClose={() => setViewing(null)} />
      )}
      {uploading && <PhotoUploadDialog businessId={businessId} onClose={() => setUploading(false)} />}
      {reporting && <PhotoReportDialog businessId={businessId} photo={reporting} onClose={() => setReporting(null)} />}
    </section>
  );
}

function PhotoCaption({ photo }: { photo: Photo }) {
  const t = useMessages();
  return (
    <p className={classes.caption}>
      <span className={photo.from_owner ? classes.ownerLabel : classes.communityLabel} data-testid="photo-source">
        {photo.from_owner ? t('photos.fromOwner') : t('photos.fromCommunity')}
      </span>{' '}
      <span className={shared.hint}>
        <bdi>{t('photos.credit', { username: photo.username, licence: photo.licence })}</bdi>
      </span>
    </p>
  );
}

/**
 * The full-size view: the largest size the screen needs, Previous and Next (and the arrow keys, which follow the
 * page's direction, which the shell sets on the root: in Arabic and Urdu the right arrow goes back).
 */
function PhotoViewer({
  photos,
  index,
  total,
  onMove,
  onClose,
}: {
  photos: Photo[];
  index: number;
  total: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const t = useMessages();
  const photo = photos[index];
  const largest = photo.sizes.at(-1)!;
  const hasPrevious = index > 0;
  const hasNext = index < photos.length - 1;

  const viewer = useRef<HTMLDivElement>(null);

  // On the whole page while the view is open: focus may be on the dialog's close button, outside the picture.
  useEffect(() => {
    const step = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      const rightToLeft = viewer.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
      const forward = (event.key === 'ArrowRight') !== rightToLeft;
      if (forward && hasNext) onMove(index + 1);
      if (!forward && hasPrevious) onMove(index - 1);
      event.preventDefault();
    };
    document.addEventListener('keydown', step);
    return () => document.removeEventListener('keydown', step);
  }, [index, hasNext, hasPrevious, onMove]);

  return (
    <Modal title={t('photos.position', { n: index + 1, total })} onClose={onClose}>
      <div ref={viewer} className={classes.viewer} data-testid="photo-viewer">
        <img
          src={largest.url}
          srcSet={photoSrcSet(photo.sizes)}
          sizes="(max-width: 900px) 100vw, 900px"
          alt={photo.alt_text}
          width={largest.width}
          height={largest.height}
          className={classes.full}
        />
        <PhotoCaption photo={photo} />
        <div className={forms.actions}>
          <button type="button" className="btn btn--outline" onClick={() => onMove(index - 1)} disabled={!hasPrevious}>
            {t('photos.previous')}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => onMove(index + 1)} disabled={!hasNext}>
            {t('photos.next')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
