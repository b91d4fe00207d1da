import { useId } from 'react';
import { describeAlert, type Alert } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useAlerts, useDeleteAlert } from '../../features/alerts/api/use-alerts';
import { useProductTypeName } from '../../features/brands/product-type-name';
import { useMessages } from '../../i18n/messages';
import { InlineSpinner } from '../../ui/Spinner';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import settings from './AccountSettingsScreen.module.css';

/** An alert in words (`describeAlert`), in the page's language. */
function useDescribeAlert() {
  const t = useMessages();
  const productName = useProductTypeName();
  return (alert: Alert) =>
    describeAlert(
      alert,
      (word, values) => t(`alerts.${word}`, values),
      ({ slug, name }) => productName({ slug, name: name ?? slug }),
    );
}

/** Account settings' 'Alerts': the member's alerts, each in words with a Delete button. */
export function AlertsSection() {
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const { toast } = useHost();
  const alerts = useAlerts();
  const deleting = useDeleteAlert();
  const describe = useDescribeAlert();

  const remove = (alert: Alert) =>
    deleting.mutate(alert.id, {
      onSuccess: () => toast.success(message('alertDeleted')),
      onError: (error) => {
        console.error('delete alert failed', error);
        toast.error(errorText(error, 'deleteAlertFailed'));
      },
    });

  return (
    <section className={shared.card} aria-labelledby={`${ids}title`} data-testid="alerts-section">
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        {t('alerts.title')}
      </h2>
      <p className={shared.hint}>{t('alerts.intro')}</p>
      {alerts.isPending ? (
        <InlineSpinner />
      ) : alerts.isError ? (
        <p role="alert">{message('loadAlertsFailed')}</p>
      ) : alerts.data.length === 0 ? (
        <p data-testid="no-alerts">{t('alerts.none')}</p>
      ) : (
        <ul className={settings.alerts}>
          {alerts.data.map((alert) => (
            <li key={alert.id} data-testid="alert-row" data-alert-id={alert.id}>
              <span>{describe(alert)}</span>
              <button
                type="button"
                className="btn btn--outline"
                disabled={deleting.isPending && deleting.variables === alert.id}
                onClick={() => remove(alert)}
                aria-label={t('alerts.deleteLabel', { alert: describe(alert) })}
              >
                {t('alerts.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
