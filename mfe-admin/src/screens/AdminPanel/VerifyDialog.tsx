import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS, VERIFICATION_METHODS, type VerificationMethod } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { useVerifyBusiness } from '../../features/admin/api/verification';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import styles from './VerifyDialog.module.css';

const today = () => new Date().toISOString().slice(0, 10);

/** 'Verify': how the business was verified, a note, an evidence link and the day of the check. */
export function VerifyDialog({ business, onClose }: { business: { id: number; name: string }; onClose: () => void }) {
  const t = useMessages();
  const label = useContractLabels();
  const verify = useVerifyBusiness();
  const titleId = useId();
  const first = useRef<HTMLSelectElement>(null);
  const [method, setMethod] = useState<VerificationMethod | ''>('');
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState('');
  const [date, setDate] = useState(today);

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    verify.mutate({ businessId: business.id, input: { method, note, evidence_url: evidence, date } }, { onSuccess: onClose });
  };

  return (
    <div className={styles.backdrop}>
      <div className={`${card.card} ${styles.dialog}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{rich(t, 'verify.title', { name: <bdi dir="auto">{business.name}</bdi> })}</h2>
        <form className={styles.form} onSubmit={submit}>
          <label className={styles.field}>
            {t('verify.method')}
            <select ref={first} required value={method} onChange={(event) => setMethod(event.target.value as VerificationMethod)}>
              <option value="">{t('verify.choose')}</option>
              {VERIFICATION_METHODS.map((option) => (
                <option key={option} value={option}>
                  {label('verificationMethod', option)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('verify.note')}
            <textarea
              dir="auto"
              rows={3}
              maxLength={LIMITS.verificationNoteMaxLength}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            {t('verify.evidence')}
            <input
              type="url"
              maxLength={LIMITS.urlMaxLength}
              placeholder="https://"
              dir="ltr"
              value={evidence}
              onChange={(event) => setEvidence(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            {t('verify.date')}
            <input type="date" required max={today()} value={date} onChange={(event) => setDate(event.target.value)} />
          </label>
          <div className={card.actions}>
            <button type="button" className="btn btn--outline" onClick={onClose}>
              {t('verify.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={!method || verify.isPending}>
              {t('verify.save')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
