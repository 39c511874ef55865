/** Board files: our versioned .GRIDA container and GridaBoard's legacy .grida import. */
export * from './container';
export * from './legacy/importLegacy';
export * from './legacy/legacyStroke';
export * from './legacy/rawData';
export * from './migrations';
export * from './readBoardFile';
export * from './strokeRecords';
export * from './types';
