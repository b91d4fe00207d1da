import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';

/**
 * The account screens' writes. None of them changes an answer the remote keeps (the user lives in the
 * shell's session store), so they invalidate nothing; the screens say what happened.
 */
/** The upload's multipart form: the file in the field `file`, named as picked. */
function pictureForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name || 'picture');
  return form;
}

export function useUploadProfilePicture() {
  const { api } = useHost();
  return useMutation({ mutationFn: (file: File) => api.call('uploadProfilePicture', { body: pictureForm(file) }) });
}

export function useDeleteAccount() {
  const { api } = useHost();
  return useMutation({ mutationFn: () => api.call('deleteAccount') });
}

export function useChangePassword() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: RouteBody<'changePassword'>) => api.call('changePassword', { body: input }) });
}

/** /forgot-password step 1: mail a code to the account named by an email or username. */
export function useSendResetCode() {
  const { api } = useHost();
  return useMutation({ mutationFn: (login: string) => api.call('forgotPassword', { body: { email_or_username: login } }) });
}

export function useResetPassword() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: RouteBody<'resetPassword'>) => api.call('resetPassword', { body: input }) });
}

/** The account page's second factor (TOTP): a new secret, turning it on with a code, turning it off. */
export function useTotpSetup() {
  const { api } = useHost();
  return useMutation({ mutationFn: () => api.call('totpSetup') });
}

export function useTotpEnable() {
  const { api } = useHost();
  return useMutation({ mutationFn: (code: string) => api.call('totpEnable', { body: { code } }) });
}

export function useTotpDisable() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: RouteBody<'totpDisable'>) => api.call('totpDisable', { body: input }) });
}
