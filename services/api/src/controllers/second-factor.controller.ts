import type { Response } from 'express';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { markPasswordAccepted } from '../middleware/rate-limit';

/**
 * The sign-in's second step, run by login after a right password: passes when TOTP is off,
 * else needs `totp_code`. The password is marked accepted first, so that the login limits do not count a missing or
 * wrong code as a wrong password (the second factor's own limits count it).
 */
export async function passSecondFactor(core: Core, res: Response, userId: number, totpCode: string | undefined): Promise<void> {
  markPasswordAccepted(res);
  await core.services.secondFactor.checkSignIn(userId, totpCode);
}

export function secondFactorController(core: Core): Pick<RouteHandlers, 'totpSetup' | 'totpEnable' | 'totpDisable'> {
  const { secondFactor } = core.services;
  return {
    totpSetup: ({ user }) => secondFactor.setup(user),
    totpEnable: ({ req, body, user }) => secondFactor.enable(user, body.code, req.sessionID),
    totpDisable: ({ body, user }) => secondFactor.disable(user, body),
  };
}
