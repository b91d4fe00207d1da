import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@zaytoon/contract/client';
import { useSession } from '@zaytoon/web-kit';
import { useMessages } from '../../i18n/messages';
import { LoginRequired } from '../../ui/LoginRequired';
import { AccountPage } from '../AccountPage';
import { ChangePasswordForm } from './ChangePasswordForm';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';

/** /change-password: then /dashboard after 2 seconds (SPEC §2). */
export function ChangePasswordScreen() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const t = useMessages();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/dashboard'), LIMITS.redirectAfterPasswordChangeMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!user) return <LoginRequired message={t('password.loginFirst')} />;

  return (
    <AccountPage testId="change-password">
      <div className={shared.card}>
        {done ? (
          <div className={forms.success} role="status">
            <h1>{t('password.changed')}</h1>
            <p>{t('password.redirecting')}</p>
          </div>
        ) : (
          <>
            <h1 className={forms.pageTitle}>{t('password.change')}</h1>
            <ChangePasswordForm onChanged={() => setDone(true)} />
          </>
        )}
      </div>
    </AccountPage>
  );
}
