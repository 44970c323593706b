import { useEffect, useState } from 'react';
import { request } from '../../api/request.ts';

/** The arms a visitor of the site can have been shown (the control and its pages' variant keys), for the variant filter; none outside experiments. */
export function useSiteVariants(siteId: string): string[] {
  const [arms, setArms] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    request('GET /site/:id/experiment', { params: { id: siteId } }, { quiet: true })
      .then((state) => current && setArms(state.variantKeys.length > 0 ? ['control', ...state.variantKeys] : []))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [siteId]);
  return arms;
}
