export * from './accounts';
export * from './errors';
export * from './login-throttle';
export * from './registration-codes';
export * from './sessions';
export * from './password-recovery';
export * from './api-tokens';
