import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../i18n/messages';
import { useResendEmailConfirmation } from './api/use-email-confirmation';
import styles from './EmailConfirmationBanner.module.css';

/**
 * While the signed-in member's address is unconfirmed, says so under the top bar and offers
 * 'Resend' (the server limits it per account and per network, and says when to try again).
 */
export function EmailConfirmationBanner() {
  const { toast } = useHost();
  const email = useSession((state) => state.user?.email ?? '');
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const resending = useResendEmailConfirmation();

  const resend = () =>
    resending.mutate(undefined, {
      onSuccess: () => toast.success(message('emailConfirmationSent')),
      onError: (error) => toast.error(errorText(error, 'emailConfirmationSendFailed')),
    });

  return (
    <section className={styles.banner} aria-label={t('emailConfirmation.label')} data-testid="email-confirmation-banner">
      <p>{t('emailConfirmation.banner', { email })}</p>
      <button type="button" className="btn btn--outline" onClick={resend} disabled={resending.isPending}>
        {resending.isPending ? t('emailConfirmation.resending') : t('emailConfirmation.resend')}
      </button>
    </section>
  );
}
