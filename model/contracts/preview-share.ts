import { z } from 'zod';
import { previewLoginInputSchema, revokeInputSchema, setPasswordInputSchema, shareInputSchema, shareStatusSchema, shareViewSchema } from '../preview-share.ts';
import { contract, type Contract } from './contract.ts';
import { change, read, VISITOR } from './policy.ts';

/**
 * Sharing a draft's preview (B §7 "Preview"): the owner's calls on the admin origin, and the
 * passcode login the shared preview's page makes on the preview origin.
 */
export const previewShareContracts = {
  sharePreview: contract({
    method: 'POST',
    path: '/preview/site/:id/share',
    origin: 'admin',
    summary: 'Share the draft’s preview (or change how): private to invited emails or by link, view-only; each newly invited email is mailed its own link',
    policy: change('site'),
    body: shareInputSchema,
    response: shareViewSchema,
  }),
  getPreviewShare: contract({
    method: 'GET',
    path: '/preview/site/:id/share',
    origin: 'admin',
    summary: 'The preview’s share: its link, invited emails and passcode switch (null when not shared)',
    policy: read('site'),
    response: z.object({ share: shareViewSchema.nullable() }),
  }),
  revokePreviewShare: contract({
    method: 'PUT',
    path: '/preview/site/:id/share/revoke',
    origin: 'admin',
    summary: 'Revoke invited emails, or the whole share (`all`); `resendAll` mails the remaining invitees their links again. Open previews stop at once',
    policy: change('site'),
    body: revokeInputSchema,
    response: z.object({ share: shareViewSchema.nullable(), revoked: z.number().int(), resent: z.number().int() }),
  }),
  previewShareStatus: contract({
    method: 'GET',
    path: '/preview/site/:id/share/status',
    origin: 'admin',
    summary: 'Whether the preview is shared now, how, and how many previews are open with the passcode',
    policy: read('site'),
    response: shareStatusSchema,
  }),
  setPreviewSharePassword: contract({
    method: 'POST',
    path: '/preview/site/:id/share/set-password',
    origin: 'admin',
    summary: 'Switch the shared preview’s passcode on (the passcode required, stored hashed) or off; previews opened with an older passcode close',
    policy: change('site'),
    body: setPasswordInputSchema,
    response: shareViewSchema,
  }),
  previewLogin: contract({
    method: 'POST',
    path: '/preview/site/:id/login',
    origin: 'site',
    summary: 'On the preview origin: open a passcode-protected shared preview; answers the address of the preview opened. Wrong passcodes are limited per link and per address',
    policy: VISITOR,
    body: previewLoginInputSchema,
    response: z.object({ url: z.string() }),
    limited: true,
  }),
} satisfies Record<string, Contract>;
