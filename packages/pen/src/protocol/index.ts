/**
 * The Neo smartpen protocol 2.x: framing, message codecs (both directions), validation rules
 * and the decoder from device messages to pen events. Pure: no DOM, Node, timers or clock.
 */
export * from './bytes';
export * from './commands';
export * from './deviceDecode';
export * from './deviceEncode';
export * from './deviceInfo';
export * from './deviceMessages';
export * from './deviceStream';
export * from './framing';
export * from './hostCodec';
export * from './hostRequests';
export * from './offlineData';
export * from './penEventDecoder';
export * from './profile';
export * from './settings';
export * from './validation';
export * from './wireFields';
