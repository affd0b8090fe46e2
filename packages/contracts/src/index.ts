export * from './admin.ts';
export * from './auth.ts';
export * from './connections.ts';
export * from './errors.ts';
export * from './input.ts';
export * from './matching.ts';
export * from './network.ts';
export * from './profiles.ts';
