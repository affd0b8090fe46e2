export * from './accounts.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './profile-status.ts';
export * from './routing.ts';
