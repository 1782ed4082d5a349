/** Client-side checks the spec names (section 5); the server checks the same again. */

/** The simple e-mail pattern of spec section 5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Password minimum length (spec section 9). */
export const PASSWORD_MIN_LENGTH = 6;
