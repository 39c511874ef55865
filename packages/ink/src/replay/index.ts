/**
 * Replay: the model (strokes by time, duration, page chunks), what shows at a time, the player
 * state machine on an injected scheduler, colour conversion modes and scale modes.
 */
export * from './replayColors';
export * from './replayFrame';
export * from './replayModel';
export * from './replayPlayer';
export * from './replayScale';
export * from './scheduler';
