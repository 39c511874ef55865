export * from './nativeHostPen';
export * from './pen';
export * from './penCore';
export * from './pointerPen';
export * from './remoteMessages';
export * from './remotePen';
