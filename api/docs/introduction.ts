/**
 * The reference's introduction (Markdown, shown above the endpoints): how a script signs in,
 * carries the session cookie and calls the API, and what a refusal looks like.
 */
export function introduction(adminOrigin: string, sessionCookie: string): string {
  return `Every endpoint of Swipegrid's back office, made from the same declarations the server routes,
checks and tests (\`model/contracts/\`). The machine-readable document is at
[\`/api/openapi.json\`](/api/openapi.json).

## Signing in

The back office uses a session cookie, \`${sessionCookie}\` (HttpOnly, SameSite=Lax, Secure on https).
\`POST /api/auth/login\` sets it and answers who you are:

\`\`\`sh
curl -c cookies.txt -H 'content-type: application/json' \\
  -d '{"email":"you@example.com","password":"your password"}' \\
  ${adminOrigin}/api/auth/login
\`\`\`

Send the cookie with every later call:

\`\`\`sh
curl -b cookies.txt ${adminOrigin}/api/site
curl -b cookies.txt -X POST ${adminOrigin}/api/site/SITE_ID/publish
curl -b cookies.txt -N ${adminOrigin}/api/site/SITE_ID/publish/PUBLISH_ID/events
\`\`\`

From a page of this origin, \`fetch\` sends the cookie by itself:

\`\`\`js
const response = await fetch('/api/site/SITE_ID/publish', { method: 'POST' });
const { publishId, events } = await response.json(); // 202 Accepted
new EventSource(events).addEventListener('done', (event) => console.log(JSON.parse(event.data)));
\`\`\`

A session slides forward while it is used; \`POST /api/auth/logout\` ends every session of the
account. Repeated failed logins are throttled (429). A state-changing call that a browser says
comes from another site is refused (403): call from this origin, or from a script.

## API keys

A script that runs unattended uses an API key instead of a session: issue one in the console
(the account menu, "API keys"; \`POST /api/api-key\`). The key is shown once; only its hash is
kept. Send it as a bearer token and it acts as your account:

\`\`\`sh
curl -H 'authorization: Bearer sgk_YOUR_KEY' ${adminOrigin}/api/site
curl -H 'authorization: Bearer sgk_YOUR_KEY' -X POST ${adminOrigin}/api/site/SITE_ID/publish
\`\`\`

\`\`\`js
const response = await fetch('${adminOrigin}/api/site', { headers: { authorization: \`Bearer \${process.env.SWIPEGRID_KEY}\` } });
const { sites } = await response.json();
\`\`\`

A key issued with basic-auth credentials also takes them: \`curl -u ID:PASSWORD ${adminOrigin}/api/site\`.
A \`read\` key makes GET calls only (any other method: 403 \`apiKeyReadOnly\`); a key limited to
addresses and CIDR ranges answers 403 \`ipNotAllowed\` from anywhere else; a revoked key answers
401 \`apiKeyInvalid\`. Keys never manage keys or sessions, and are never read on a published site's origin.

## Permissions

Each operation carries its permission policy as \`x-policy\`: who may call it (\`public\`, a
\`session\` of some account types, a site's \`visitor\` or \`member\`), whether it changes something,
and whose thing it is about (a site, an account). Another branch's site or account is answered
404, never 403, so its existence does not leak. The full matrix is \`docs/permissions.md\`.

## Errors

Every refusal answers one JSON shape, \`{ code, key, message, issues }\`: \`code\` is stable
(\`validation\`, \`unauthenticated\`, \`forbidden\`, \`not_found\`, \`too_many_requests\`…),
\`message\` is in the language \`Accept-Language\` prefers, and \`issues\` names the fields of a
body that did not parse.

\`\`\`json
{ "code": "unauthenticated", "message": "Please log in." }
\`\`\`

## Published sites

The endpoints tagged **visitor** are served on each published site's own origin (the site
origin, or the site's custom domain), not here: the viewer calls them without any of the back
office's cookies.
`;
}
