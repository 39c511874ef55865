export * from './brushState';
export * from './penManager';
