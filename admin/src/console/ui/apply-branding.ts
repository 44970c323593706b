import { brandingProperties } from '../../../../model/branding-colours.ts';

type Colours = { mainColor: string; textColor: string };

const APPLIED = ['--bar', '--on-bar', '--button', '--on-button', '--link', '--focus'] as const;

/**
 * Puts an OEM's colours on the console's root as CSS custom properties (console.css reads them for
 * the header, the buttons and the links), or takes them off for the console's own.
 */
export function applyBranding(branding: Colours | null): void {
  const root = document.documentElement;
  for (const name of APPLIED) root.style.removeProperty(name);
  root.classList.toggle('branded', branding !== null);
  if (!branding) return;
  for (const [name, value] of Object.entries(brandingProperties(branding))) root.style.setProperty(name, value);
}
