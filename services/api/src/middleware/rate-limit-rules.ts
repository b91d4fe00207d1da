import type { Request } from 'express';
import type { RouteName } from '@zaytoon/contract';
import type { Config, UsersRepository } from '@zaytoon/core';
import type { RateLimitRule } from './rate-limit';

/** An IPv6 client is keyed by its /64 (one host usually holds a whole /64); IPv4 and IPv4-mapped by the address. */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (!ip.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Longest account name or email worth a lookup (SPEC's fields are far shorter); longer ones are counted unlooked. */
const MAX_NAME_LENGTH = 320;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const byIp = (req: Request) => clientNetwork(req.ip);
const byBodyField = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};
const byUser = (req: Request) => (req.user ? String(req.user.id) : null);

/** One account, whether it is named by email or username; unknown names count on their own. */
const byAccount = (users: UsersRepository, field: string) => async (req: Request) => {
  const login = byBodyField(field)(req);
  if (!login) return null;
  // A name validation will refuse (control characters, absurd length) never reaches SQL: it is counted as itself.
  if (login.length > MAX_NAME_LENGTH || CONTROL_CHARACTERS.test(login)) return `name:${login}`;
  const user = await users.findByLogin(login);
  return user ? `user:${user.id}` : `name:${login}`;
};

/**
 * The second factor's own limits, per account and per network. At sign-in they count only
 * refused codes after a right password (a request without totp_code is not counted); turning TOTP on or off
 * counts every call.
 */
function secondFactorRules(config: Config, accountKey: (req: Request) => Promise<string | null>) {
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const withCode = (key: (req: Request) => string | null | Promise<string | null>) => async (req: Request) =>
    byBodyField('totp_code')(req) ? key(req) : null;
  const signIn: RateLimitRule[] = [
    {
      name: 'totp-login-ip',
      limit: config.RATE_LIMIT_SECOND_FACTOR_PER_IP,
      windowSeconds: window,
      failuresOnly: true,
      failureOf: 'secondFactor',
      perIp: true,
      key: withCode(byIp),
    },
    {
      name: 'totp-login-account',
      limit: config.RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT,
      windowSeconds: window,
      failuresOnly: true,
      failureOf: 'secondFactor',
      key: withCode(accountKey),
    },
  ];
  const accountChange = (name: string): RateLimitRule[] => [
    { name: `${name}-ip`, limit: config.RATE_LIMIT_SECOND_FACTOR_PER_IP, windowSeconds: window, key: byIp, perIp: true },
    { name: `${name}-user`, limit: config.RATE_LIMIT_SECOND_FACTOR_PER_ACCOUNT, windowSeconds: window, key: byUser },
  ];
  return { signIn, accountChange };
}

/** CONTRACT.md's limits: login and signup per IP and account, resets per account and IP, writes and duplicate checks per user; claims per user, owners' one-click confirmations per IP. */

/** CONTRACT.md's limits: login and signup per IP and account, resets per account and IP, writes and duplicate checks per user; claims per user, owners' one-click confirmations per IP; admin writes per admin. */
export function rateLimitsByRoute(config: Config, users: UsersRepository): Partial<Record<RouteName, RateLimitRule[]>> {
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const writes: RateLimitRule = { name: 'writes', limit: config.RATE_LIMIT_WRITES_PER_USER, windowSeconds: window, key: byUser };
  const resetRules = (name: string): RateLimitRule[] => [
    { name: `${name}-ip`, limit: config.RATE_LIMIT_RESET_PER_IP, windowSeconds: window, key: byIp, perIp: true },
    { name: `${name}-account`, limit: config.RATE_LIMIT_RESET_PER_ACCOUNT, windowSeconds: window, key: byAccount(users, 'email_or_username') },
  ];
  const accountKey = byAccount(users, 'login');
  // No session, as confirmListing: the alert mail's signed token is the authority, so tries are limited per network.
  const alertUnsubscribes: RateLimitRule = {
    name: 'unsubscribe-alert-ip',
    limit: config.RATE_LIMIT_RESET_PER_IP,
    windowSeconds: window,
    key: byIp,
    perIp: true,
  };
  // Each runs scrypt: a stolen cookie must not be an unlimited password oracle.
  const accountChangeRules = (name: string): RateLimitRule[] => [
    { name: `${name}-ip`, limit: config.RATE_LIMIT_ACCOUNT_CHANGES_PER_IP, windowSeconds: window, key: byIp, perIp: true },
    { name: `${name}-user`, limit: config.RATE_LIMIT_ACCOUNT_CHANGES_PER_USER, windowSeconds: window, key: byUser },
  ];
  const secondFactorLimits = secondFactorRules(config, accountKey);
  // A stolen admin session or a runaway script changes a bounded number of businesses.
  const adminWrites: RateLimitRule = { name: 'admin-writes', limit: config.RATE_LIMIT_ADMIN_WRITES_PER_ADMIN, windowSeconds: window, key: byUser };
  const adminMerges: RateLimitRule = { name: 'admin-merges', limit: config.RATE_LIMIT_ADMIN_MERGES_PER_ADMIN, windowSeconds: window, key: byUser };
  return {
    login: [
      ...secondFactorLimits.signIn,
      { name: 'login-ip', limit: config.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: window, key: byIp, perIp: true },
      // Only failures count. The strict limit is one account from one network; the looser per-account ceiling
      // refuses only networks that failed on this account recently, so the owner's correct password gets in.
      {
        name: 'login-account-ip',
        limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        windowSeconds: window,
        failuresOnly: true,
        key: async (req) => {
          const account = await accountKey(req);
          return account ? `${account}|${byIp(req)}` : null;
        },
      },
      {
        name: 'login-account',
        limit: config.RATE_LIMIT_LOGIN_ACCOUNT_CEILING,
        windowSeconds: window,
        failuresOnly: true,
        onlyAfterFailureOf: 'login-account-ip',
        key: accountKey,
      },
    ],
    signup: [
      { name: 'signup-ip', limit: config.RATE_LIMIT_SIGNUP_PER_IP, windowSeconds: window, key: byIp, perIp: true },
      { name: 'signup-account', limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: window, key: byBodyField('email') },
    ],
    changePassword: accountChangeRules('change-password'),
    deleteAccount: accountChangeRules('delete-account'),
    totpSetup: [writes],
    totpEnable: secondFactorLimits.accountChange('totp-enable'),
    totpDisable: secondFactorLimits.accountChange('totp-disable'),
    forgotPassword: resetRules('forgot'),
    resetPassword: resetRules('reset'),
    vote: [writes],
    addComment: [writes],
    addSuggestion: [writes],
    addReport: [writes],
    confirmBusiness: [writes],
    // A claim is read by an admin: fewer of them than other writes.
    claimBusiness: [writes, { name: 'claims', limit: config.RATE_LIMIT_CLAIMS_PER_USER, windowSeconds: window, key: byUser }],
    // No session: the mailed token is the authority, so guesses are limited per network as reset codes are.
    confirmListing: [{ name: 'confirm-listing-ip', limit: config.RATE_LIMIT_RESET_PER_IP, windowSeconds: window, key: byIp, perIp: true }],
    // Each Resend is a mail, so it is limited as forgot-password is, per account and per network; the mailed
    // link's confirmation has no session, so guesses are limited per network as the owners' one-click links are.
    resendEmailConfirmation: [
      { name: 'confirmation-mail-ip', limit: config.RATE_LIMIT_RESET_PER_IP, windowSeconds: window, key: byIp, perIp: true },
      { name: 'confirmation-mail-account', limit: config.RATE_LIMIT_CONFIRMATION_MAILS_PER_ACCOUNT, windowSeconds: window, key: byUser },
    ],
    confirmEmail: [{ name: 'confirm-email-ip', limit: config.RATE_LIMIT_RESET_PER_IP, windowSeconds: window, key: byIp, perIp: true }],
    createAlert: [writes],
    deleteAlert: [writes],
    unsubscribeAlert: [alertUnsubscribes],
    unsubscribeAlertPage: [alertUnsubscribes],
    uploadProfilePicture: [writes],
    // Counted before the file is read, so a member past the day's uploads sends no more megabytes.
    uploadPhoto: [writes, { name: 'photo-uploads', limit: config.RATE_LIMIT_PHOTOS_PER_USER_PER_DAY, windowSeconds: 24 * 60 * 60, key: byUser }],
    deletePhoto: [writes],
    setCoverPhoto: [writes],
    reportPhoto: [writes],
    setLanguage: [writes],
    createBusiness: [writes],
    updateBusiness: [writes],
    setSpecialHours: [writes],
    setBusinessAlternatives: [writes],
    setBusinessProducts: [writes],
    // Each keystroke pause on /add-business asks once: generous for a member typing, a wall for a scraper.
    duplicateCheck: [{ name: 'duplicate-checks', limit: config.RATE_LIMIT_DUPLICATE_CHECKS_PER_USER, windowSeconds: window, key: byUser }],
    reviewReport: [adminWrites],
    reviewSuggestion: [adminWrites],
    deleteBusiness: [adminWrites],
    approveClaim: [adminWrites],
    rejectClaim: [adminWrites],
    dismissDuplicate: [adminWrites],
    verifyBusiness: [adminWrites],
    unverifyBusiness: [adminWrites],
    mergeBusiness: [adminWrites, adminMerges],
    revertRevision: [adminWrites, adminMerges],
    redactRevision: [adminWrites],
    keepBurstVotes: [adminWrites],
    discardBurstVotes: [adminWrites],
    liftProtection: [adminWrites],
    removePhoto: [adminWrites],
    keepPhoto: [adminWrites],
    issuePartnerKey: [adminWrites],
    revokePartnerKey: [adminWrites],
    approveSubmission: [adminWrites],
    rejectSubmission: [adminWrites],
    createBrand: [adminWrites],
    updateBrand: [adminWrites],
    deleteBrand: [adminWrites],
    createProductType: [adminWrites],
    deleteProductType: [adminWrites],
  };
}
