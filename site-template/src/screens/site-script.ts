import { isValidScript } from '../viewer/cta-rules.ts';

/**
 * Runs one of the owner's screen scripts (contactScript, membershipScript, formScript) on the
 * site's own origin. Tag snippets (`<script src=…>`, a tag manager's) are inserted so their
 * scripts run as in a page; bare code runs only if it parses (V §5, as for script CTAs).
 */
export function runSiteScript(text: string | undefined): void {
  const code = text?.trim();
  if (!code) return;
  if (code.startsWith('<')) {
    // A contextual fragment's scripts run when inserted, unlike innerHTML's.
    document.body.append(document.createRange().createContextualFragment(code));
    return;
  }
  if (!isValidScript(code)) return;
  try {
    // eslint-disable-next-line no-new-func -- the owner's script on the owner's own site is the feature.
    new Function(code)();
  } catch (error) {
    console.error('The site script failed:', error);
  }
}
