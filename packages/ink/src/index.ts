export * from './dots';
export * from './penEvents';
export * from './stroke';
export * from './types';
export * from './codecs';
export * from './replay';
export * from './analytics';
