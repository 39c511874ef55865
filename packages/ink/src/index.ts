export * from './dots';
export * from './penEvents';
export * from './stroke';
export * from './types';
