export * from './admin';
export * from './invites';
export * from './members';
export * from './notes';
export * from './player-home';
