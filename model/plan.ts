import { z } from 'zod';
import { DEFAULT_VIDEO_SECONDS, INITIAL_FEE_YEN, MAX_VIDEO_SECONDS } from './constants.ts';

/** The plan flags of spec §3 that switch features on. */
export const PLAN_FLAGS = ['swipe', 'privateDomain', 'settingPopupCta', 'settingFormContact', 'analyticsEffect', 'settingTagSeo', 'multiLanguage'] as const;
export const planFlagSchema = z.enum(PLAN_FLAGS);
export type PlanFlag = z.infer<typeof planFlagSchema>;

/** 'active': offered; 'archived': kept for the accounts still on it, offered to nobody. */
export const planStatusSchema = z.enum(['active', 'archived']);

/** Tiers of spec §1; each is also sold as a multilingual variant. */
export const PLAN_TIERS = ['trial', 'light', 'standard', 'premium', 'pro', 'oem'] as const;
export const planTierSchema = z.enum(PLAN_TIERS);
export type PlanTier = z.infer<typeof planTierSchema>;

/** A plan (spec §3): price is the monthly fee in yen excluding tax; limitAccess is the monthly PV limit. */
export const planSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(50),
  tier: planTierSchema,
  multilingual: z.boolean(),
  price: z.number().int().min(0),
  quantitySwipe: z.number().int().min(1),
  quantitySite: z.number().int().min(1),
  limitAccess: z.number().int().min(0),
  limitAccessPrice: z.number().int().min(0),
  /** The most bytes of media an account's sites may hold, in MB (ours: the spec names no quota, docs/decisions.md). */
  storageQuotaMb: z.number().int().min(1),
  /** The longest video an upload may be, in seconds, measured on its stream (ours: the spec names none). */
  maxVideoSeconds: z.number().int().min(1).max(MAX_VIDEO_SECONDS).default(DEFAULT_VIDEO_SECONDS),
  swipe: z.boolean(),
  privateDomain: z.boolean(),
  settingPopupCta: z.boolean(),
  settingFormContact: z.boolean(),
  analyticsEffect: z.boolean(),
  settingTagSeo: z.boolean(),
  multiLanguage: z.boolean(),
  /** One-off fee billed in the contract's first month, in yen excluding tax (spec B §1: 100,000). */
  initialFee: z.number().int().min(0),
  /** Monthly fee per issued license, in yen excluding tax. */
  licenseFee: z.number().int().min(0),
  /** The published pages carry the "powered by" footer (the free plan's). */
  poweredBy: z.boolean(),
  /** Null: the platform's catalogue; an OEM master's account id: a plan it sells to its own customers. */
  ownerId: z.string().nullable(),
  status: planStatusSchema,
  /** The plan this version replaced (an edit of a plan in use makes a new row). */
  supersedes: z.string().nullable(),
  version: z.number().int().min(1),
});
export type Plan = z.infer<typeof planSchema>;

/** The terms an operator (or an OEM master, for its own) sets: everything but identity and history. */
export const planInputSchema = planSchema.omit({ id: true, ownerId: true, status: true, supersedes: true, version: true });
export type PlanInput = z.infer<typeof planInputSchema>;

/** An account's media against its plan's quota: `quotaBytes` null for the platform's own accounts, which have no limits. */
export const storageUseSchema = z.object({ usedBytes: z.number().int().nonnegative(), quotaBytes: z.number().int().positive().nullable() });
export type StorageUse = z.infer<typeof storageUseSchema>;

/** What an account may use: a plan's limits and flags. The platform's own accounts have no plan and no limits. */
export type PlanLimits = Pick<Plan, PlanFlag | 'quantitySwipe' | 'quantitySite'>;

export const UNLIMITED: PlanLimits = {
  swipe: true,
  privateDomain: true,
  settingPopupCta: true,
  settingFormContact: true,
  analyticsEffect: true,
  settingTagSeo: true,
  multiLanguage: true,
  quantitySwipe: Number.MAX_SAFE_INTEGER,
  quantitySite: Number.MAX_SAFE_INTEGER,
};

type TierTerms = Omit<
  Plan,
  'maxVideoSeconds' | 'id' | 'name' | 'tier' | 'multilingual' | 'multiLanguage' | 'initialFee' | 'licenseFee' | 'poweredBy' | 'ownerId' | 'status' | 'supersedes' | 'version'
>;

/** Our terms per tier: the spec names the tiers and fields but gives no figures (docs/decisions.md). */
const TIER_TERMS: Readonly<Record<PlanTier, TierTerms>> = {
  trial: {
    price: 0,
    storageQuotaMb: 200,
    quantitySwipe: 10,
    quantitySite: 1,
    limitAccess: 10_000,
    limitAccessPrice: 0,
    swipe: true,
    privateDomain: false,
    settingPopupCta: false,
    settingFormContact: false,
    analyticsEffect: false,
    settingTagSeo: false,
  },
  light: {
    price: 30_000,
    storageQuotaMb: 1024,
    quantitySwipe: 20,
    quantitySite: 1,
    limitAccess: 30_000,
    limitAccessPrice: 1_000,
    swipe: true,
    privateDomain: false,
    settingPopupCta: false,
    settingFormContact: true,
    analyticsEffect: false,
    settingTagSeo: false,
  },
  standard: {
    price: 50_000,
    storageQuotaMb: 3072,
    quantitySwipe: 50,
    quantitySite: 3,
    limitAccess: 100_000,
    limitAccessPrice: 1_000,
    swipe: true,
    privateDomain: false,
    settingPopupCta: true,
    settingFormContact: true,
    analyticsEffect: true,
    settingTagSeo: true,
  },
  premium: {
    price: 80_000,
    storageQuotaMb: 10_240,
    quantitySwipe: 100,
    quantitySite: 5,
    limitAccess: 300_000,
    limitAccessPrice: 800,
    swipe: true,
    privateDomain: true,
    settingPopupCta: true,
    settingFormContact: true,
    analyticsEffect: true,
    settingTagSeo: true,
  },
  pro: {
    price: 120_000,
    storageQuotaMb: 30_720,
    quantitySwipe: 200,
    quantitySite: 10,
    limitAccess: 1_000_000,
    limitAccessPrice: 600,
    swipe: true,
    privateDomain: true,
    settingPopupCta: true,
    settingFormContact: true,
    analyticsEffect: true,
    settingTagSeo: true,
  },
  oem: {
    price: 200_000,
    storageQuotaMb: 102_400,
    quantitySwipe: 500,
    quantitySite: 50,
    limitAccess: 3_000_000,
    limitAccessPrice: 500,
    swipe: true,
    privateDomain: true,
    settingPopupCta: true,
    settingFormContact: true,
    analyticsEffect: true,
    settingTagSeo: true,
  },
};

/** The multilingual variant costs this much more a month. */
const MULTILINGUAL_SURCHARGE = 20_000;

const TIER_NAMES: Readonly<Record<PlanTier, string>> = { trial: 'Trial', light: 'Light', standard: 'Standard', premium: 'Premium', pro: 'Pro', oem: 'OEM/EP' };

/** The twelve seeded plans: every tier, plain (`light`) and multilingual (`light-multilingual`). */
export const SEEDED_PLANS: readonly Plan[] = PLAN_TIERS.flatMap((tier) =>
  [false, true].map((multilingual) =>
    planSchema.parse({
      ...TIER_TERMS[tier],
      id: multilingual ? `${tier}-multilingual` : tier,
      name: multilingual ? `${TIER_NAMES[tier]} (multilingual)` : TIER_NAMES[tier],
      tier,
      multilingual,
      multiLanguage: multilingual,
      price: TIER_TERMS[tier].price + (multilingual && tier !== 'trial' ? MULTILINGUAL_SURCHARGE : 0),
      // Spec B §1: 100,000 yen excluding tax to start a contract; the trial is not one.
      initialFee: tier === 'trial' ? 0 : INITIAL_FEE_YEN,
      licenseFee: 0,
      // The free plan's pages say where they were made.
      poweredBy: tier === 'trial',
      ownerId: null,
      status: 'active',
      supersedes: null,
      version: 1,
    }),
  ),
);
