import { useMutation } from '@tanstack/react-query';
import { useHost } from '@zaytoon/web-kit';

/** The banner's 'Resend': mails the signed-in member a new confirmation link. */
export function useResendEmailConfirmation() {
  const { api } = useHost();
  return useMutation({ mutationFn: () => api.call('resendEmailConfirmation') });
}

/** The mailed link's button: the token confirms the address, with or without a session; the session's user is read again. */
export function useConfirmEmail() {
  const { api, session } = useHost();
  return useMutation({
    mutationFn: (token: string) => api.call('confirmEmail', { body: { token } }),
    onSuccess: () => session.getState().load(),
  });
}
