import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, PICTURE_MIME_TYPES } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useDeleteAccount, useUploadProfilePicture } from '../../features/account/api/use-account-mutations';
import { useMessages } from '../../i18n/messages';
import { LoginRequired } from '../../ui/LoginRequired';
import { InlineSpinner } from '../../ui/Spinner';
import { AccountPage } from '../AccountPage';
import { AlertsSection } from './AlertsSection';
import { SecondFactorSection } from './SecondFactorSection';
import { ChangePasswordForm } from '../ChangePassword/ChangePasswordForm';
import fieldStyles from '../../ui/Field.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import settings from './AccountSettingsScreen.module.css';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';

const ACCEPTED = [...PICTURE_MIME_TYPES, 'image/jpg'];

/** The page reloads after a new picture (SPEC §2), but only once the success toast could be read. */
export const RELOAD_AFTER_PICTURE_MS = 1500;

/** Checks a picture before upload (SPEC §5); returns the code of the message to show, or null. */
export function pictureProblem(file: { size: number; type: string }): 'pictureWrongType' | 'pictureTooLarge' | null {
  if (!ACCEPTED.includes(file.type)) return 'pictureWrongType';
  if (file.size > LIMITS.pictureMaxBytes) return 'pictureTooLarge';
  return null;
}

/** /account-settings (SPEC §2): profile picture, change password, two-factor authentication, alerts, danger zone. */
export function AccountSettingsScreen({
  reload = () => window.location.reload(),
  reloadDelayMs = RELOAD_AFTER_PICTURE_MS,
}: {
  reload?: () => void;
  reloadDelayMs?: number;
}) {
  const user = useSession((state) => state.user);
  const passwordIds = useId();
  const t = useMessages();
  if (!user) return <LoginRequired message={t('settings.loginFirst')} />;
  return (
    <AccountPage testId="account-settings">
      <h1 className={forms.pageTitle}>{t('settings.title')}</h1>
      <ProfilePicture reload={reload} reloadDelayMs={reloadDelayMs} />
      <section className={shared.card} aria-labelledby={`${passwordIds}title`}>
        <h2 id={`${passwordIds}title`} className={forms.sectionTitle}>
          {t('password.change')}
        </h2>
        <ChangePasswordForm onChanged={() => {}} />
      </section>
      <SecondFactorSection />
      <AlertsSection />
      <DangerZone />
    </AccountPage>
  );
}

function ProfilePicture({ reload, reloadDelayMs }: { reload: () => void; reloadDelayMs: number }) {
  const { toast } = useHost();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const user = useSession((state) => state.user);
  const input = useRef<HTMLInputElement>(null);
  const uploading = useUploadProfilePicture();
  // Stays busy after success until the reload: reloading at once would wipe the toast before anyone sees it.
  const busy = uploading.isPending || uploading.isSuccess;

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      toast.error(message(problem));
      return;
    }
    uploading.mutate(file, {
      onSuccess: () => {
        toast.success(message('pictureUpdated'));
        setTimeout(reload, reloadDelayMs);
      },
      onError: (error) => {
        console.error('upload failed', error);
        toast.error(errorText(error, 'uploadPictureFailed'));
      },
    });
  };

  return (
    <section className={shared.card} aria-labelledby={`${ids}title`}>
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        {t('settings.picture')}
      </h2>
      <div className={settings.picture}>
        <span className={`${forms.avatar} ${settings.avatarLarge}`} data-testid="avatar">
          {user?.picture ? <img src={user.picture} alt={t('settings.avatar', { name: user.name })} /> : (user?.name || '?').charAt(0).toUpperCase()}
        </span>
        <div>
          <input
            ref={input}
            id={`${ids}file`}
            className={settings.fileInput}
            type="file"
            accept={ACCEPTED.join(',')}
            onChange={upload}
            aria-describedby={`${ids}hint`}
            disabled={busy}
          />
          <label htmlFor={`${ids}file`} className="btn btn--outline">
            {busy && <InlineSpinner />}
            {busy ? t('settings.uploading') : t('settings.upload')}
          </label>
          <p className={shared.hint} id={`${ids}hint`}>
            {t('settings.pictureHint')}
          </p>
          <p className={shared.hint} data-testid="public-identity">
            {t('settings.publicIdentity')}
          </p>
        </div>
      </div>
    </section>
  );
}

function DangerZone() {
  const { toast, session } = useHost();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const deleting = useDeleteAccount();
  const busy = deleting.isPending;
  const deleted = useRef(false);

  useEffect(
    () => () => {
      if (deleted.current) session.getState().setUser(null);
    },
    [session],
  );

  const remove = () => {
    if (typed !== 'DELETE') {
      toast.error(message('typeDeleteToConfirm'));
      return;
    }
    deleting.mutate(undefined, {
      onSuccess: () => {
        toast.success(message('accountDeleted'));
        // Leave first, forget the user when this page is gone: clearing it here would let the
        // shell's guard send the now logged-out visitor to /login before the router reaches '/'.
        deleted.current = true;
        navigate('/', { replace: true });
      },
      onError: (error) => {
        console.error('delete account failed', error);
        toast.error(errorText(error, 'deleteAccountFailed'));
      },
    });
  };

  return (
    <section className={`${shared.card} ${settings.danger}`} aria-labelledby={`${ids}title`} data-testid="danger-zone">
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        {t('settings.danger')}
      </h2>
      <ul>
        <li>{t('settings.deleteEffect')}</li>
        <li>{t('settings.deleteBusinesses')}</li>
        <li>{t('settings.deleteFinal')}</li>
      </ul>
      {confirming ? (
        <div className={forms.form}>
          <div className={fieldStyles.field}>
            <label htmlFor={`${ids}confirm`}>{message('typeDeleteToConfirm')}</label>
            <input id={`${ids}confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          </div>
          <div className={forms.actions}>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => {
                setConfirming(false);
                setTyped('');
              }}
            >
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--danger" disabled={typed !== 'DELETE' || busy} onClick={remove}>
              {busy ? t('settings.deleting') : t('settings.confirmDelete')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          {t('settings.delete')}
        </button>
      )}
    </section>
  );
}
