import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { LIMITS } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useTotpDisable, useTotpEnable, useTotpSetup } from '../../features/account/api/use-account-mutations';
import { useMessages } from '../../i18n/messages';
import { TextField } from '../../ui/Field';
import { InlineSpinner } from '../../ui/Spinner';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import settings from './AccountSettingsScreen.module.css';

/** The otpauth URL as a QR code, drawn on a canvas (no image URL for the page's CSP to weigh). */
function QrCode({ url, label }: { url: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) QRCode.toCanvas(canvas.current, url, { width: 192, margin: 1 }).catch((error: unknown) => console.error('QR code', error));
  }, [url]);
  return <canvas ref={canvas} role="img" aria-label={label} data-testid="totp-qr" />;
}

/** A code of the authenticator app (or a recovery code, where `label` says so). */
function CodeField({ label, value, onChange, numeric }: { label: string; value: string; onChange: (value: string) => void; numeric?: boolean }) {
  const message = useContractMessages();
  return (
    <TextField
      label={label}
      hint={message('totpCodeFormat')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      inputMode={numeric ? 'numeric' : undefined}
      maxLength={LIMITS.secondFactorCodeMaxLength}
      required
    />
  );
}

function SubmitButton({ pending, label, pendingLabel, kind }: { pending: boolean; label: string; pendingLabel: string; kind: 'primary' | 'danger' }) {
  return (
    <div className={forms.actions}>
      <button type="submit" className={`btn btn--${kind}`} disabled={pending} aria-busy={pending}>
        {pending && <InlineSpinner />}
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}

/**
 * On /account-settings: turning the second factor (TOTP) on (QR code and secret, confirmed with a
 * code, then the recovery codes once) and off (password and a code).
 */
export function SecondFactorSection() {
  const ids = useId();
  const t = useMessages();
  const enabled = useSession((state) => state.user?.totp_enabled ?? false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <section className={shared.card} aria-labelledby={`${ids}title`} data-testid="second-factor" data-enabled={enabled}>
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        {t('totp.title')}
      </h2>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enabled ? (
        <TurnOff />
      ) : (
        <TurnOn onEnabled={setRecoveryCodes} />
      )}
    </section>
  );
}

/** Marks the signed-in user's second factor on or off in the shell's session store. */
function useSetTotpEnabled() {
  const { session } = useHost();
  return (totpEnabled: boolean) => {
    const user = session.getState().user;
    if (user) session.getState().setUser({ ...user, totp_enabled: totpEnabled });
  };
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { toast } = useHost();
  const t = useMessages();
  const errorText = useErrorText();
  const setTotpEnabled = useSetTotpEnabled();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');

  const start = () =>
    setup.mutate(undefined, {
      onError: (error) => {
        console.error('totp setup failed', error);
        toast.error(errorText(error, 'invalidRequest'));
      },
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: ({ recovery_codes }) => {
        toast.success(t('totp.enabled'));
        onEnabled(recovery_codes);
        setTotpEnabled(true);
      },
      onError: (error) => {
        console.error('totp enable failed', error);
        toast.error(errorText(error, 'totpInvalid'));
      },
    });
  };

  if (!setup.data) {
    return (
      <>
        <p>{t('totp.offLead')}</p>
        <button type="button" className="btn btn--outline" onClick={start} disabled={setup.isPending} aria-busy={setup.isPending}>
          {setup.isPending && <InlineSpinner />}
          {t('totp.start')}
        </button>
      </>
    );
  }
  return (
    <form className={forms.form} onSubmit={confirm} aria-label={t('totp.title')}>
      <p>{t('totp.scan')}</p>
      <QrCode url={setup.data.otpauth_url} label={t('totp.qr')} />
      <p>
        {t('totp.secret')}: <code data-testid="totp-secret">{setup.data.secret}</code>
      </p>
      <CodeField label={t('totp.code')} value={code} onChange={setCode} numeric />
      <SubmitButton pending={enable.isPending} label={t('totp.turnOn')} pendingLabel={t('totp.turningOn')} kind="primary" />
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useMessages();
  return (
    <>
      <p>{t('totp.onLead')}</p>
      <h3>{t('totp.recoveryTitle')}</h3>
      <p className={shared.hint}>{t('totp.recoveryHint')}</p>
      <ol className={settings.recoveryCodes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--outline" onClick={onDone}>
        {t('totp.saved')}
      </button>
    </>
  );
}

function TurnOff() {
  const { toast } = useHost();
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();
  const setTotpEnabled = useSetTotpEnabled();
  const disable = useTotpDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          toast.success(message('totpDisabled'));
          setTotpEnabled(false);
        },
        onError: (error) => {
          console.error('totp disable failed', error);
          toast.error(errorText(error, 'totpInvalid'));
        },
      },
    );
  };

  return (
    <form className={forms.form} onSubmit={submit} aria-label={t('totp.turnOff')}>
      <p>{t('totp.onLead')}</p>
      <TextField
        id={`${ids}password`}
        type="password"
        label={t('auth.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        maxLength={LIMITS.passwordMaxLength}
        required
      />
      <CodeField label={t('totp.offCode')} value={code} onChange={setCode} />
      <SubmitButton pending={disable.isPending} label={t('totp.turnOff')} pendingLabel={t('totp.turningOff')} kind="danger" />
    </form>
  );
}
