import { htmlLang, type Language } from '../../model/language.ts';

const TEXTS = {
  jp: { title: 'パスコードで保護されたプレビュー', label: 'パスコード', open: '開く' },
  en: { title: 'This preview is protected by a passcode', label: 'Passcode', open: 'Open' },
  cn: { title: '此预览受密码保护', label: '密码', open: '打开' },
  kr: { title: '암호로 보호된 미리보기', label: '암호', open: '열기' },
} as const satisfies Record<Language, unknown>;

/** Text inside HTML; ids and tokens are checked already, the site name is the owner's. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A value inside an inline script: JSON, with `<` escaped so no `</script>` can end it. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The page a passcode-protected shared link shows on the preview origin: one field, sent to
 * `POST /api/preview/site/{id}/login`; the answer's address (a preview session of its own) replaces
 * this one. A refusal shows the API's message (V §8 "password incorrect in preview login"),
 * asked in the page's language.
 */
export function passcodePage(input: { siteId: string; token: string; siteName: string; lang: Language }): string {
  const text = TEXTS[input.lang];
  const script = `
const form = document.getElementById('sg-passcode');
const error = document.getElementById('sg-passcode-error');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.textContent = '';
  const password = form.elements.password.value;
  try {
    const response = await fetch(${scriptValue(`/api/preview/site/${encodeURIComponent(input.siteId)}/login`)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': ${scriptValue(htmlLang(input.lang))} },
      body: JSON.stringify({ token: ${scriptValue(input.token)}, password }),
    });
    const answer = await response.json();
    if (response.ok) location.replace(answer.url);
    else error.textContent = answer.message;
  } catch {
    error.textContent = 'Request error. Please try again.';
  }
});`;
  return `<!doctype html>
<html lang="${htmlLang(input.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(input.siteName)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f4f5f7;color:#1d2433}form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px #0002;display:grid;gap:12px;width:min(360px,90vw)}h1{font-size:18px;margin:0}input{font:inherit;padding:10px;border:1px solid #c4c9d4;border-radius:6px}button{font:inherit;padding:10px;border:0;border-radius:6px;background:#2457d6;color:#fff;cursor:pointer}#sg-passcode-error{color:#b3261e;min-height:1.2em;margin:0}</style></head>
<body><form id="sg-passcode"><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(input.siteName)}</p><label for="sg-password">${escapeHtml(text.label)}</label><input id="sg-password" name="password" type="password" autocomplete="off" required autofocus><p id="sg-passcode-error" role="alert"></p><button type="submit">${escapeHtml(text.open)}</button></form>
<script>${script}</script></body></html>`;
}
