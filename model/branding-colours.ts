import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';

/** The console's own colours, which a branding replaces (admin/src/console/console.css). */
export const CONSOLE_COLOURS = { main: '#1D2420', text: '#FFFFFF', accent: '#3C6E0B', page: '#F5F6F4' } as const;

/**
 * The console's CSS custom properties for a branding: the header and primary buttons in the main
 * colour with the text colour on them; links and the focus ring take the main colour only where
 * it holds 4.5:1 on the page (a light main colour would vanish on white), else the text colour if
 * that holds, else the console's own.
 * @example brandingProperties({ logoUrl: '', mainColor: '#FFD400', textColor: '#000000' })['--link'] // '#000000'
 */
export function brandingProperties(branding: { mainColor: string; textColor: string }): Record<`--${string}`, string> {
  const readable = (colour: string) => ['#FFFFFF', CONSOLE_COLOURS.page].every((page) => (contrastRatio(colour, page) ?? 0) >= AA_TEXT_CONTRAST);
  const link = [branding.mainColor, branding.textColor].find(readable) ?? CONSOLE_COLOURS.accent;
  return { '--bar': branding.mainColor, '--on-bar': branding.textColor, '--button': branding.mainColor, '--on-button': branding.textColor, '--link': link, '--focus': link };
}
