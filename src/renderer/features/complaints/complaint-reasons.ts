import type { TFunction } from 'i18next';

export const PRESETS = ['not_received', 'wrong_amount', 'not_credited', 'other'] as const;
export type Preset = (typeof PRESETS)[number];

// The provider's staff read the reason: it goes in English whatever the screen's language.
export const PROVIDER_TEXT: Record<Preset, string> = {
  not_received: 'Recharge not received',
  wrong_amount: 'Wrong amount credited',
  not_credited: 'Success but not credited',
  other: 'Other',
};

/**
 * A stored reason read back in the screen's language: the preset part is translated; the
 * shopkeeper's own words stay as written.
 */
export function reasonParts(t: TFunction, reason: string): { preset: string | null; words: string } {
  for (const p of PRESETS) {
    if (p === 'other') continue;
    const text = PROVIDER_TEXT[p];
    if (reason === text) return { preset: t(`complaint.preset.${p}`), words: '' };
    if (reason.startsWith(`${text}: `)) return { preset: t(`complaint.preset.${p}`), words: reason.slice(text.length + 2) };
  }
  return { preset: null, words: reason };
}
