/** Builds the classroom app with Vite into a temporary folder (once per test file). */
import { buildWebApp } from '../../support/buildWebApp';

/** Builds the app; returns the output folder (give it to the server as CLASSROOM_DIST_DIR). */
export const buildClassroom = (): Promise<string> => buildWebApp('classroom');
