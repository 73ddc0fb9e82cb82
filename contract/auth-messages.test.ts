import { describe, expect, it } from 'vitest';
import { loginErrorMessage, registerErrorMessage } from './auth-messages';
import { passwordProblem } from './password-policy';

describe('login messages', () => {
  it.each([
    ['Invalid credentials', 'Invalid username or password. Please check your credentials.'],
    ['Account locked for 15 minutes', 'Account temporarily locked due to multiple failed attempts. Please try again later.'],
    [
      'Account locked after repeated failed logins. Try again in 12 minutes.',
      'Account temporarily locked due to multiple failed attempts. Please try again later. You can try again in 12 minutes.',
    ],
    [
      'Too many login attempts from this address. Try again in 1 minute.',
      'Too many login attempts. Please wait before trying again. You can try again in 1 minute.',
    ],
    ['Too many login attempts from this address', 'Too many login attempts. Please wait before trying again.'],
    ['Account is not whitelisted', 'Access denied. This account is not authorized to use the application.'],
    ['Something odd', 'Something odd'],
    ['', 'Login failed'],
  ])('maps %s', (server, shown) => expect(loginErrorMessage(server)).toBe(shown));
});

describe('registration messages', () => {
  it.each([
    ['Invalid registration code', 'Invalid registration code. Please contact your administrator.'],
    ['Username already exists', 'Username already exists. Please choose a different username.'],
    ['Password must be at least 8 characters long', 'Password must be at least 8 characters long.'],
    [undefined, 'Registration failed'],
  ])('maps %s', (server, shown) => expect(registerErrorMessage(server)).toBe(shown));
});

describe('password rule', () => {
  it('needs 8 characters with lowercase, uppercase and a digit, and allows 64+', () => {
    expect(passwordProblem('Ab1')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('abcdefgh1')).toBe('Password must contain uppercase, lowercase, and numeric characters');
    expect(passwordProblem('Abcdefgh1')).toBeNull();
    expect(passwordProblem('Ab1' + 'x'.repeat(70))).toBeNull();
  });
});
