import type { Request } from 'express';
import type { RouteName } from '@zaytoon/contract';
import type { Config, UsersRepository } from '@zaytoon/core';
import type { RateLimitRule } from './rate-limit.js';

const byIp = (req: Request) => req.ip ?? 'unknown';
const byBodyField = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};
const byUser = (req: Request) => (req.user ? String(req.user.id) : null);

/** One account, whether it is named by email or username; unknown names count on their own. */
const byAccount = (users: UsersRepository, field: string) => async (req: Request) => {
  const login = byBodyField(field)(req);
  if (!login) return null;
  const user = await users.findByLogin(login);
  return user ? `user:${user.id}` : `name:${login}`;
};

/** CONTRACT.md's limits: login and signup per IP and account, resets per account and IP, writes per user. */
export function rateLimitsByRoute(config: Config, users: UsersRepository): Partial<Record<RouteName, RateLimitRule[]>> {
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const writes: RateLimitRule = { name: 'writes', limit: config.RATE_LIMIT_WRITES_PER_USER, windowSeconds: window, key: byUser };
  const resetRules = (name: string): RateLimitRule[] => [
    { name: `${name}-ip`, limit: config.RATE_LIMIT_RESET_PER_IP, windowSeconds: window, key: byIp, perIp: true },
    { name: `${name}-account`, limit: config.RATE_LIMIT_RESET_PER_ACCOUNT, windowSeconds: window, key: byAccount(users, 'email_or_username') },
  ];
  return {
    login: [
      { name: 'login-ip', limit: config.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: window, key: byIp, perIp: true },
      { name: 'login-account', limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: window, key: byAccount(users, 'login') },
    ],
    signup: [
      { name: 'signup-ip', limit: config.RATE_LIMIT_SIGNUP_PER_IP, windowSeconds: window, key: byIp, perIp: true },
      { name: 'signup-account', limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds: window, key: byBodyField('email') },
    ],
    forgotPassword: resetRules('forgot'),
    resetPassword: resetRules('reset'),
    vote: [writes],
    addComment: [writes],
    addSuggestion: [writes],
    addReport: [writes],
    uploadProfilePicture: [writes],
    createBusiness: [writes],
    updateBusiness: [writes],
  };
}
