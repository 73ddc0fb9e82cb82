export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The rule as the register and password screens and the OpenAPI document state it. */
export const PASSWORD_RULE = 'At least 8 characters, with uppercase, lowercase and a number.';

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  needsMix: 'Password must contain uppercase, lowercase, and numeric characters',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
} as const;

/** The Request Access rule: 8+ characters with a lowercase letter, an uppercase letter and a digit. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return PASSWORD_MESSAGES.needsMix;
  return null;
}
