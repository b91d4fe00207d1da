import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ResetPasswordInput } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';

/**
 * The account screens' writes. None of them changes an answer the remote keeps (the user lives in the
 * shell's session store), so they invalidate nothing; the screens say what happened.
 */
export function useUploadProfilePicture() {
  const { api } = useHost();
  return useMutation({ mutationFn: (file: File) => api.uploadProfilePicture(file) });
}

export function useDeleteAccount() {
  const { api } = useHost();
  return useMutation({ mutationFn: () => api.deleteAccount() });
}

export function useChangePassword() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: ChangePasswordInput) => api.changePassword(input) });
}

/** /forgot-password step 1: mail a code to the account named by an email or username. */
export function useSendResetCode() {
  const { api } = useHost();
  return useMutation({ mutationFn: (login: string) => api.forgotPassword(login) });
}

export function useResetPassword() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: ResetPasswordInput) => api.resetPassword(input) });
}

/** Issue #31 point 16: the account page's second factor (TOTP): a new secret, turning it on with a code, turning it off. */
export function useTotpSetup() {
  const { api } = useHost();
  return useMutation({ mutationFn: () => api.totpSetup() });
}

export function useTotpEnable() {
  const { api } = useHost();
  return useMutation({ mutationFn: (code: string) => api.totpEnable(code) });
}

export function useTotpDisable() {
  const { api } = useHost();
  return useMutation({ mutationFn: (input: { password: string; code: string }) => api.totpDisable(input) });
}
