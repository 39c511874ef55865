/** The answer messages of the analytics routes (the server's own wording). */
export const AnalyticsMessage = {
  classNotFound: 'The class does not exist.',
  studentNotInClass: 'The student is not a pupil of this class.',
  lectureNotOfClass: 'The lecture does not exist for this class.',
  notOwnMaterial: "Units can be set only for a teacher's own material (POD).",
  unitOutside: (title: string, start: number, end: number, first: number, last: number) =>
    `The unit '${title}' (pages ${start}–${end}) is outside the material's pages ${first}–${last}.`,
} as const;
