export * from './bluetoothTypes';
export * from './listeners';
export * from './types';
export * from './writeQueue';
