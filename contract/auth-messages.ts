/** The spec's mapping from server messages to what the login and register screens show. */
export function loginErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage ?? '';
  if (message.includes('Invalid credentials')) return 'Invalid username or password. Please check your credentials.';
  if (message.includes('Account locked')) return `Account temporarily locked due to multiple failed attempts. Please try again later.${howLong(message)}`;
  if (message.includes('Too many login attempts')) return `Too many login attempts. Please wait before trying again.${howLong(message)}`;
  if (message.includes('not whitelisted')) return 'Access denied. This account is not authorized to use the application.';
  return message || 'Login failed';
}

export function registerErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage ?? '';
  if (message.includes('Invalid registration code')) return 'Invalid registration code. Please contact your administrator.';
  if (message.includes('already exists')) return 'Username already exists. Please choose a different username.';
  if (/at least 8 characters/i.test(message)) return 'Password must be at least 8 characters long.';
  return message || 'Registration failed';
}

/** The spec's lock and throttle messages, followed by the wait the server named ("Try again in 12 minutes."). */
function howLong(serverMessage: string): string {
  const wait = /try again in (\d+ minutes?)/i.exec(serverMessage)?.[1];
  return wait ? ` You can try again in ${wait}.` : '';
}
