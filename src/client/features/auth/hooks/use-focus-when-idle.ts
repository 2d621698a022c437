import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The form is disabled while it submits (spec §4), which also covers react-hook-form's own
 * validation pass — too early for its built-in focus-on-error. This focuses the field that
 * needs attention once the form is enabled again. Use with `shouldFocusError: false`.
 */
export function useFocusWhenIdle<F extends string>(busy: boolean, setFocus: (field: F) => void): (field: F | undefined) => void {
  // A fresh object per request, so asking twice for the same field focuses twice.
  const [request, setRequest] = useState<{ field: F } | null>(null);
  const handled = useRef<{ field: F } | null>(null);
  useEffect(() => {
    if (busy || request === null || handled.current === request) return;
    handled.current = request;
    setFocus(request.field);
  }, [busy, request, setFocus]);
  return useCallback((field: F | undefined) => {
    if (field !== undefined) setRequest({ field });
  }, []);
}

/** The first field, in screen order, that has an error. */
export function firstInvalid<F extends string>(order: readonly F[], errors: Partial<Record<F, unknown>>): F | undefined {
  return order.find((f) => errors[f] !== undefined);
}
