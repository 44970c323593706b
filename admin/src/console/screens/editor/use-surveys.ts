import { useEffect, useState } from 'react';
import type { Survey } from '../../../../../model/survey.ts';
import { request } from '../../api/request.ts';

/**
 * The site's surveys, read once `wanted` (a link leads to a survey) and again whenever the
 * console's window comes back into focus: the picker's "create a survey" opens in another tab,
 * and the survey made there should be there to pick without a reload that would lose typed work.
 * Null while unread.
 */
export function useSurveys(siteId: string, wanted: boolean): Survey[] | null {
  const [surveys, setSurveys] = useState<Survey[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const read = () =>
      void request('GET /site/:id/survey', { params: { id: siteId } }, { quiet: true })
        .then((body) => live && setSurveys(body.surveys))
        .catch(() => live && setSurveys((known) => known ?? []));
    read();
    window.addEventListener('focus', read);
    return () => {
      live = false;
      window.removeEventListener('focus', read);
    };
  }, [siteId, wanted]);
  return surveys;
}
