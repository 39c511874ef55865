/**
 * What one feature shows of another, given by `app/` (the composition root): a feature names the
 * slot's props here and receives the component from its route, so no feature imports another
 * (style.md rule 11). The collect-pens action appears on the course page and in the live lesson.
 */
import type { Course } from '@dotink/contracts/edu';
import type { ComponentType } from 'react';

/** The lesson whose pens are collected. */
export interface CollectLesson {
  readonly eduClassId: number;
  /** The lesson's name, shown in the title. */
  readonly title: string;
  /** When the lesson starts (epoch ms): strokes of other days are counted apart. */
  readonly startMs?: number | undefined;
}

/** The 'collect pens' button of a lesson row. */
export type CollectPensButtonSlot = ComponentType<{ readonly course: Course }>;

/** The 'collect pens' dialog of a running lesson. */
export type CollectPensDialogSlot = ComponentType<{
  readonly lesson: CollectLesson;
  readonly onClose: () => void;
}>;
