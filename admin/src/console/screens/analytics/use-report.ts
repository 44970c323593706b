import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';

/** A report as a section shows it: asked, answered, or refused with the API's worded message (the date rules, the ranking's page minimum, the plan). */
export type ReportState<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'refused'; message: string };

/**
 * Asks a report again whenever `key` (its query, as text) changes; an answer to an older query
 * arriving late is dropped, and a pending one is cancelled.
 */
export function useReport<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ReportState<T> {
  const [state, setState] = useState<ReportState<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query `load` closes over; a new closure each render must not ask again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'done', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'refused', message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}
