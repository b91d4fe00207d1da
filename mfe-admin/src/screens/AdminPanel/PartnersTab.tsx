import { useState, type FormEvent } from 'react';
import { formatDate, PARTNER_KEYS, type IssuedPartnerKey, type PartnerKey } from '@zaytoon/contract/client';
import { useIssuePartnerKey, usePartnerKeys, useRevokePartnerKey } from '../../features/admin/api/partner-keys';
import { useMessages } from '../../i18n/messages';
import { useBusy } from './useBusy';
import { PagedList } from './PagedList';
import card from './card.module.css';
import styles from './PartnersTab.module.css';
import form from './VerifyDialog.module.css';

const DEFAULT_REQUESTS_PER_MINUTE = 60;

/**
 * Partners' API keys (docs/decisions/0060-partner-feed.md): issue one to a partner (its key is shown this once, only
 * its hash is kept), see each key's calls, revoke one.
 */
export function PartnersTab() {
  const t = useMessages();
  const keys = usePartnerKeys();
  const revoke = useRevokePartnerKey();
  const [issued, setIssued] = useState<IssuedPartnerKey | null>(null);
  return (
    <>
      <IssueKeyForm onIssued={setIssued} />
      {issued && (
        <div className={`${card.card} ${styles.issued}`} role="status" data-testid="issued-key">
          <p>{t('partners.issued', { name: issued.partner.partner_name })}</p>
          <code className={styles.key} dir="ltr" data-testid="issued-key-value">
            {issued.key}
          </code>
          <div className={card.actions}>
            <button type="button" className="btn btn--outline" onClick={() => setIssued(null)}>
              {t('partners.done')}
            </button>
          </div>
        </div>
      )}
      <PagedList
        testId="partners"
        query={keys}
        failure="internalError"
        empty={t('partners.empty')}
        renderItem={(key) => (
          <PartnerKeyCard
            key={key.id}
            partnerKey={key}
            onRevoke={() =>
              revoke.mutateAsync(key).then(
                () => true,
                () => false,
              )
            }
          />
        )}
      />
    </>
  );
}

function IssueKeyForm({ onIssued }: { onIssued: (issued: IssuedPartnerKey) => void }) {
  const t = useMessages();
  const issue = useIssuePartnerKey();
  const [name, setName] = useState('');
  const [rate, setRate] = useState(String(DEFAULT_REQUESTS_PER_MINUTE));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      { partner_name: name, requests_per_minute: Number(rate) },
      {
        onSuccess: (answer) => {
          setName('');
          onIssued(answer);
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('partners.issue')}>
      <label className={form.field}>
        {t('partners.name')}
        <input
          required
          maxLength={PARTNER_KEYS.maxNameLength}
          value={name}
          onChange={(event) => setName(event.target.value)}
          dir="auto"
          data-testid="partner-name"
        />
      </label>
      <label className={form.field}>
        {t('partners.rate')}
        <input
          type="number"
          required
          min={1}
          max={PARTNER_KEYS.maxRequestsPerMinute}
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          data-testid="partner-rate"
        />
      </label>
      <button type="submit" className="btn btn--primary" disabled={issue.isPending}>
        {t('partners.issue')}
      </button>
    </form>
  );
}

function PartnerKeyCard({ partnerKey, onRevoke }: { partnerKey: PartnerKey; onRevoke: () => Promise<unknown> }) {
  const t = useMessages();
  const [busy, run] = useBusy();
  return (
    <li className={`${card.card} ${card.item}`} data-testid="partner-key-card" data-key-id={partnerKey.id}>
      <div className={card.itemHead}>
        {partnerKey.revoked_at && <span className={`${card.badge} ${card.badgeGrey}`}>{t('partners.revoked')}</span>}
        <time className={card.muted} dateTime={partnerKey.created_at}>
          {formatDate(partnerKey.created_at)}
        </time>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        {partnerKey.partner_name}
      </h3>
      <p className={card.muted}>{t('partners.keyPrefix', { prefix: partnerKey.key_prefix })}</p>
      <p data-testid="partner-usage">{t('partners.usage', { requests: partnerKey.requests, limit: partnerKey.requests_per_minute })}</p>
      {!partnerKey.revoked_at && (
        <div className={card.actions}>
          <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(onRevoke)}>
            {t('partners.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}
