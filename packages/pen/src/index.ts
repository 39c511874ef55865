export * from './manager';
export * from './protocol';
export * from './session';
export * from './transports';
