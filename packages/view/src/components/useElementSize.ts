/**
 * The size of an element in CSS px, given (props) or measured with a ResizeObserver.
 */
import { type RefObject, useLayoutEffect, useMemo, useState } from 'react';
import type { Size } from '../viewport/fit';

/** `given` when both sides are given; otherwise the element's measured content size. */
export function useElementSize(ref: RefObject<HTMLElement | null>, given: Partial<Size>): Size {
  const [measured, setMeasured] = useState<Size>({ width: 0, height: 0 });
  const fixed = given.width !== undefined && given.height !== undefined;
  useLayoutEffect(() => {
    const el = ref.current;
    if (fixed || !el) return;
    const read = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      setMeasured((m) => (m.width === w && m.height === h ? m : { width: w, height: h }));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, fixed]);
  const width = given.width ?? measured.width;
  const height = given.height ?? measured.height;
  return useMemo(() => ({ width, height }), [width, height]);
}
