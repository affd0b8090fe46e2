export * from './profiles.ts';
