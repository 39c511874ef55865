/**
 * Analytics primitives for the classroom: study blocks, writing time, distance and speed, rates,
 * the one-decimal number rules, and the class-and-book summary of the pen-activity menu.
 */

export * from './analyticsInput';
export * from './calendarDays';
export * from './classSummary';
export * from './pupilFigures';
export * from './rounding';
export * from './studyBlocks';
export * from './summaryUnits';
export * from './writingAnalysis';
export * from './zoneClock';
