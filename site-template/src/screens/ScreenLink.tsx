import type { ReactNode } from 'react';
import type { VisitorSubPath } from '../../../model/visitor-path.ts';
import { pathFor } from '../viewer/address.ts';
import type { ScreenSite } from './screen-site.ts';

/** A link to another screen (or, without subPath, the site's first page) carrying the current query when the site asks for it (spec §2). */
export default function ScreenLink({ site, subPath, className, children }: { site: ScreenSite; subPath?: VisitorSubPath; className?: string; children: ReactNode }) {
  return (
    <a
      className={className}
      href={pathFor(site, { subPath })}
      onClick={(event) => {
        event.preventDefault();
        window.location.assign(pathFor(site, { subPath }, window.location.search));
      }}
    >
      {children}
    </a>
  );
}
