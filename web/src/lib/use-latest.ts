import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * A ref that always holds the latest rendered value, for callbacks that outlive a render
 * (event streams, timers, query-cache listeners) and must not be re-subscribed on every change.
 * It is written after the render commits, never during it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
