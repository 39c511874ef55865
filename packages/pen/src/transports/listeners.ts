/**
 * A tiny listener set: every pen kind, session and the manager publish through one of these.
 */

/** Stops a subscription. Calling it twice is harmless. */
export type Unsubscribe = () => void;

/** A set of listeners of one kind of value. */
export interface Listeners<T> {
  /** Adds a listener; returns its unsubscribe. */
  add(listener: (value: T) => void): Unsubscribe;
  /** Calls every listener with `value`, in the order they were added. */
  emit(value: T): void;
  /** How many listeners there are. */
  readonly size: number;
  /** Drops every listener. */
  clear(): void;
}

/**
 * A listener set. A listener that throws does not stop the others: the error goes to `onError`
 * (by default it is rethrown after every listener has run).
 */
export function listeners<T>(onError?: (error: unknown) => void): Listeners<T> {
  let list: ((value: T) => void)[] = [];
  return {
    add(listener) {
      list = [...list, listener];
      return () => {
        list = list.filter((l) => l !== listener);
      };
    },
    emit(value) {
      const current = list;
      let failure: { error: unknown } | undefined;
      for (const l of current) {
        try {
          l(value);
        } catch (error) {
          if (onError) onError(error);
          else failure ??= { error };
        }
      }
      if (failure) throw failure.error;
    },
    get size() {
      return list.length;
    },
    clear() {
      list = [];
    },
  };
}
