export * from './bluetoothTypes';
export * from './inProcessTransport';
export * from './listeners';
export * from './types';
export * from './webBluetooth';
export * from './writeQueue';
