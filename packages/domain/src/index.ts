export * from './accounts.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './profile-enums.ts';
export * from './profile-rules.ts';
export * from './profile-status.ts';
export * from './routing.ts';
