export * from './defaults.ts';
export * from './facets.ts';
export * from './generate.ts';
export * from './kernel.ts';
export * from './reference.ts';
export * from './top-matches.ts';
