import { z } from 'zod';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';
import { dnsRecordSchema } from './domain.ts';

/** A brand colour: hex, 3 or 6 digits (B §5 names more forms; contrast is judged on hex alone, so branding takes hex). */
export const brandColourSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'invalidColour' })
  .transform((colour) => colour.toUpperCase());

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The OEM's own admin host (admin.oem-example.com): a host name, no scheme, port or path; '' for none. */
export const adminHostSchema = z.union([z.literal(''), z.string().trim().toLowerCase().regex(HOST_NAME, { message: 'invalidDomain' })]);

/**
 * What an OEM master sets (B §3 "Custom branding": customSite's mainColor, textColor; the logo is
 * uploaded on its own). The text colour must hold WCAG AA's 4.5:1 on the main colour: the header
 * and the primary buttons draw one on the other.
 */
export const brandingInputSchema = z
  .object({
    mainColor: brandColourSchema,
    textColor: brandColourSchema,
    adminHost: adminHostSchema.default(''),
  })
  .superRefine((value, ctx) => {
    const ratio = contrastRatio(value.textColor, value.mainColor);
    if (ratio !== null && ratio < AA_TEXT_CONTRAST) {
      ctx.addIssue({ code: 'custom', path: ['textColor'], message: 'brandingContrast', params: { ratio: ratio.toFixed(2), min: AA_TEXT_CONTRAST } });
    }
  });
export type BrandingInput = z.infer<typeof brandingInputSchema>;

/** The branding every account under an OEM master sees (B §3 customSite: logoUrl, mainColor, textColor). */
export const brandingViewSchema = z.object({
  /** An image on the admin origin (`/api/account-image/{sha256}.webp`), '' without a logo. */
  logoUrl: z.string(),
  mainColor: z.string(),
  textColor: z.string(),
});
export type BrandingView = z.infer<typeof brandingViewSchema>;

/**
 * Where an OEM's admin host stands: none claimed; pending until DNS proves the OEM controls it
 * (nothing trusts it meanwhile); verified, trusted as an admin origin.
 */
export const adminHostStateSchema = z.enum(['none', 'pending', 'verified']);

/** The OEM master's own view of its branding: what everyone sees, the admin host it claimed, where the claim stands and the DNS records that prove it. */
export const oemBrandingSchema = brandingViewSchema.extend({ adminHost: z.string(), adminHostState: adminHostStateSchema, adminHostRecords: z.array(dnsRecordSchema) });
export type OemBranding = z.infer<typeof oemBrandingSchema>;
