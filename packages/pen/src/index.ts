export * from './protocol';
export * from './session';
export * from './manager';
export * from './transports';
