/**
 * The passcode prompt of a locked pen (engine.md §4, §8): a 4-character passcode is asked through
 * an async callback and re-asked after each wrong entry, showing the retry count.
 */

/** What the UI needs to ask for the passcode. */
export interface PasswordPrompt {
  /** Failed attempts so far (the pen counts them, across connections). */
  readonly retryCount: number;
  /** Failed attempts after which the pen erases its data (typically 10). */
  readonly retryLimit: number;
  /** retryLimit − retryCount. */
  readonly attemptsLeft: number;
  /** True when asked again after a wrong passcode. */
  readonly wrong: boolean;
  /** True when the last entry was not 4 characters (nothing was sent). */
  readonly invalid: boolean;
  /** 'Please enter the passcode (CAUTION! After N times failed, the pen data will be erased)'. */
  readonly warning: string;
}

/** Asks the user; resolves the passcode, or undefined to give up (the pen is disconnected). */
export type AskPassword = (prompt: PasswordPrompt) => Promise<string | undefined>;

/** The passcode warning with N = retryLimit − retryCount (engine.md §8). */
export function passcodeWarning(retryCount: number, retryLimit: number): string {
  return `Please enter the passcode (CAUTION! After ${retryLimit - retryCount} times failed, the pen data will be erased)`;
}

/** A prompt record. */
export function passwordPrompt(
  retryCount: number,
  retryLimit: number,
  wrong = false,
  invalid = false,
): PasswordPrompt {
  return {
    retryCount,
    retryLimit,
    attemptsLeft: retryLimit - retryCount,
    wrong,
    invalid,
    warning: passcodeWarning(retryCount, retryLimit),
  };
}
