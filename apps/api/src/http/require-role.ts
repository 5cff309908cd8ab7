import type { NextFunction, Request, Response } from 'express';
import type { Role } from '@club/contract';
import { AppError, forbidden, notLoggedIn } from '../lib/app-error.ts';
import type { Actor } from '../lib/ctx.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own extension point
  namespace Express {
    interface Request {
      /** The logged-in member with fresh roles from the database; null for visitors. */
      actor?: Actor | null;
    }
  }
}

/** 401 for visitors. */
export function requireMember(req: Request, _res: Response, next: NextFunction): void {
  if (!req.actor) throw notLoggedIn();
  next();
}

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Für den Vorstandsbereich melden Sie sich bitte erneut an, diesmal mit dem Code Ihrer Zwei-Faktor-Anmeldung.';

/**
 * 401 for visitors, 403 for members without the role; the board role also 403 for a session
 * whose login lacked the second factor where the board needs one (SECOND_FACTOR_REQUIRED).
 */
export function requireRole(role: Role) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!req.actor) throw notLoggedIn();
    if (!req.actor.roles.includes(role)) throw forbidden();
    if (role === 'MEMBER_OF_THE_BOARD' && req.actor.secondFactorMissing) {
      throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_MESSAGE);
    }
    next();
  };
}

export const requireBoard = requireRole('MEMBER_OF_THE_BOARD');

/** The acting member of a route behind requireMember. */
export function actorOf(req: Request): Actor {
  if (!req.actor) throw notLoggedIn();
  return req.actor;
}
