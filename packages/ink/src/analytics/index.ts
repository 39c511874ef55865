/**
 * Analytics primitives for the classroom: study blocks, writing time, distance and speed, rates,
 * and the one-decimal number rules.
 */

export * from './classSummary';
export * from './rounding';
export * from './studyBlocks';
export * from './writingAnalysis';
