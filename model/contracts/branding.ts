import { z } from 'zod';
import { brandingInputSchema, brandingViewSchema, oemBrandingSchema } from '../branding.ts';
import { MAX_PROFILE_PICTURE_BYTES } from '../constants.ts';
import { domainCheckSchema } from '../domain.ts';
import { contract, type Contract } from './contract.ts';
import { change, PUBLIC, read } from './policy.ts';

const OEM_MASTER = { types: ['OEM_MASTER'] } as const;

/** An OEM master's custom branding (B §3), the profile picture (B §2 dialog) and the images both are shown from. */
export const brandingContracts = {
  getBranding: contract({
    method: 'GET',
    path: '/oem-master/branding',
    origin: 'admin',
    summary: "The OEM master's custom branding and its admin host",
    policy: read('none', OEM_MASTER),
    response: z.object({ branding: oemBrandingSchema }),
  }),
  saveBranding: contract({
    method: 'PUT',
    path: '/oem-master/branding',
    origin: 'admin',
    summary: "Set the main colour, the text colour (at least 4.5:1 on the main colour) and the admin host of the OEM's console",
    policy: change('none', OEM_MASTER),
    body: brandingInputSchema,
    response: z.object({ branding: oemBrandingSchema }),
  }),
  checkAdminHost: contract({
    method: 'POST',
    path: '/oem-master/branding/admin-host/check',
    origin: 'admin',
    summary: "Check the DNS records of the OEM's admin host now: verified once the TXT record holds its token and the name points here (the check found nothing to do without a host)",
    policy: change('none', OEM_MASTER),
    response: z.object({ branding: oemBrandingSchema, check: domainCheckSchema.nullable() }),
  }),
  uploadBrandingLogo: contract({
    method: 'POST',
    path: '/oem-master/branding/logo',
    origin: 'admin',
    summary: "Upload the OEM's logo (JPG, JPEG, JFIF or PNG), fitted within 250 × 150",
    policy: change('none', OEM_MASTER),
    body: {
      kind: 'upload',
      field: 'file',
      description: `One JPG or PNG image, at most ${MAX_PROFILE_PICTURE_BYTES / 1024 / 1024} MB; its kind is read from its bytes`,
      maxFileBytes: MAX_PROFILE_PICTURE_BYTES,
    },
    response: z.object({ branding: oemBrandingSchema }),
    status: 201,
  }),
  loginBranding: contract({
    method: 'GET',
    path: '/branding/login',
    origin: 'admin',
    summary: 'The branding of the host the request was sent to: an OEM’s registered admin host, for its login page before sign-in',
    policy: PUBLIC,
    response: z.object({ branding: brandingViewSchema.nullable() }),
  }),
  uploadProfilePicture: contract({
    method: 'POST',
    path: '/auth/profile-picture',
    origin: 'admin',
    summary: "Upload the signed-in account's profile picture (its logo): JPG, JPEG, JFIF or PNG, cropped to 250 × 250",
    // One's own picture, not the tenant's data: a viewer may change it too.
    policy: read('none', { sessionOnly: true }),
    body: {
      kind: 'upload',
      field: 'file',
      description: `One JPG or PNG image, at most ${MAX_PROFILE_PICTURE_BYTES / 1024 / 1024} MB; its kind is read from its bytes`,
      maxFileBytes: MAX_PROFILE_PICTURE_BYTES,
    },
    response: z.object({ logoUrl: z.string() }),
    status: 201,
  }),
  accountImage: contract({
    method: 'GET',
    path: '/account-image/:name',
    origin: 'admin',
    summary: 'A profile picture or an OEM logo, by the hash of its bytes',
    policy: PUBLIC,
    response: { kind: 'raw', contentType: 'image/webp', description: 'the image, immutable: a new picture has a new name' },
  }),
} satisfies Record<string, Contract>;
