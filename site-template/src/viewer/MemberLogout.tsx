import { useEffect, useState } from 'react';
import type { SiteSnapshot } from '../../../model/snapshot.ts';
import { t } from './i18n.ts';
import { clearEndUserToken, endUserToken } from './members.ts';

/**
 * A logged-in member's way out (V §4): the session ends on the server, the token is forgotten,
 * and the page loads again as a visitor's (members-only pages locked). Shown only after the
 * first paint, when the token can be read, so the published HTML is the same for everyone.
 */
export default function MemberLogout({ site }: { site: Pick<SiteSnapshot, 'siteId' | 'lang'> }) {
  const [member, setMember] = useState(false);
  useEffect(() => setMember(endUserToken(site.siteId) !== null), [site.siteId]);
  if (!member) return null;
  const logout = async () => {
    const { visitorCall } = await import('./visitor-call.ts');
    // Whatever the answer, this browser forgets the token: the visitor asked to be logged out.
    await visitorCall('POST /end-user/site/:id/logout', { params: { id: site.siteId } }, { lang: site.lang, memberOf: site.siteId, quiet: true });
    clearEndUserToken(site.siteId);
    window.location.reload();
  };
  return (
    <button type="button" className="sg-logout" onClick={() => void logout()}>
      {t('logout', site.lang)}
    </button>
  );
}
