import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../../../model/messages/text.ts';
import { uiText, type UiKey } from './catalogue.ts';

/** The modules the login screen loads: whatever text they show must be in the shell's table. */
const SHELL = ['../App.tsx', '../ui/Layout.tsx', '../ui/LanguageSwitch.tsx', '../ui/toast.tsx', '../ui/Field.tsx', '../screens/auth/AuthScreens.tsx', '../screens/ErrorPage.tsx'];

describe('the console catalogue', () => {
  it('has every text of the shell without the signed-in screens loaded', () => {
    const keys = SHELL.flatMap((file) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/\bt\('([\w.-]+)'/g)].map((match) => match[1]!));
    expect(keys.length).toBeGreaterThan(10);
    const missing = keys.filter((key) => uiText(key as UiKey, 'en') === key);
    expect(missing).toEqual([]);
  });

  it('adds the signed-in screens’ texts when their module loads', async () => {
    expect(uiText('tab.popup', 'jp')).toBe('tab.popup');
    await import('./catalogue-screens.ts');
    expect(uiText('tab.popup', 'jp')).toBe('ポップアップCTA');
    expect(uiText('pageOrder', 'kr', { order: 5 })).toBe('5행');
  });

  it("keeps its copy of the no-internet message equal to model/messages' in every language", () => {
    for (const lang of ['en', 'jp', 'cn', 'kr'] as const) expect(uiText('noInternet', lang)).toBe(messageText('noInternet', lang));
  });
});
