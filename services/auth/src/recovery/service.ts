import { createHash, randomBytes } from 'node:crypto';
import { type Database, type Logger, type RevocationList, AppError } from '@stockai/platform';
import { hashPassword, storeNewPassword } from '../accounts/events';
import { usersRepo } from '../accounts/repo';
import { resetTokensRepo } from './repo';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';

export const RESET_TOKEN_LIFETIME_MINUTES = 60;

export interface RecoveryDeps {
  db: Database;
  mailer: Mailer;
  revocations: RevocationList;
  logger: Logger;
  /** The longest a token can live; a password reset revokes the user's tokens for that long. */
  tokenLifetimeSeconds: number;
  afterCommit: () => void;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidToken = () => new AppError(400, 'INVALID_RESET_TOKEN', 'Invalid or expired reset token');

/** The answer to every forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this e-mail address, we have sent it a link to reset the password';

/**
 * Password recovery: forgot-password e-mails a single-use link valid for an hour; the token in
 * it is 256 random bits, stored only as its SHA-256. A new request replaces the user's earlier
 * unused links. Resetting sets the password and revokes every token issued before.
 */
export function recoveryService(deps: RecoveryDeps) {
  return {
    /**
     * Answers the same, at once, whether or not the address has an account: the e-mail goes out
     * in the background, so neither the answer nor its timing tells who has an account.
     */
    async forgotPassword(email: string, appUrl: string): Promise<{ message: string }> {
      const user = await usersRepo.findByEmail(deps.db, email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await deps.db.transaction((tx) => resetTokensRepo.replaceFor(tx, user.id, hashOf(token), RESET_TOKEN_LIFETIME_MINUTES));
        const resetUrl = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = passwordResetMail({
          to: user.email,
          firstName: user.first_name,
          resetUrl,
          expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
        });
        deps.mailer
          .send(mail)
          .catch((err: unknown) => deps.logger.error({ err, userId: user.id }, 'could not send the password-reset e-mail'));
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    /** `{ valid: true, email }` for a usable token; otherwise a 400 the page shows as an invalid link. */
    async verifyResetToken(token: string): Promise<{ valid: true; email: string }> {
      const email = await resetTokensRepo.emailOfUsable(deps.db, hashOf(token));
      if (!email) throw invalidToken();
      return { valid: true, email };
    },

    /** Uses the token (once, even when two requests race), sets the password, revokes older tokens. */
    async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(newPassword);
      const userId = await deps.db.transaction(async (tx) => {
        const used = await resetTokensRepo.use(tx, hashOf(token));
        if (!used) throw invalidToken();
        await storeNewPassword(tx, used, passwordHash);
        return used;
      });
      deps.afterCommit();
      await deps.revocations.revokeAllFor(userId, deps.tokenLifetimeSeconds);
      return { message: 'Your password has been reset, please log in with the new password' };
    },
  };
}

export type RecoveryService = ReturnType<typeof recoveryService>;
