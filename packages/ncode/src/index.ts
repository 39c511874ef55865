export * from './address';
export * from './runtime';
