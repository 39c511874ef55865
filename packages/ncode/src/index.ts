export * from './address';
export * from './runtime';
export * from './nproj/index';
export * from './pui';
export * from './puiCommands';
