export * from './bluetoothConnector';
export * from './brushState';
export * from './penManager';
