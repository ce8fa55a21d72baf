import { describe, expect, it } from 'vitest';
import { SETTING_LIMITS } from '../../src/shared/field-limits';
import { settingsPatchSchema, settingsSchema } from '../../src/shared/settings-schema';

type Limit = keyof typeof SETTING_LIMITS;

// Where each limit sits in a settings patch (and in the settings file).
const PATCH: Record<Limit, (n: number) => Record<string, unknown>> = {
  duplicateWindowMinutes: (n) => ({ recharge: { duplicateWindowMinutes: n } }),
  unusualAmountTimes: (n) => ({ recharge: { unusualAmountTimes: n } }),
  firstCheckSeconds: (n) => ({ poller: { firstCheckSeconds: n } }),
  maxIntervalMinutes: (n) => ({ poller: { maxIntervalMinutes: n } }),
  maxOpenHours: (n) => ({ poller: { maxOpenHours: n } }),
  maxInFlight: (n) => ({ poller: { maxInFlight: n } }),
  ratePerSecond: (n) => ({ poller: { ratePerSecond: n } }),
  lowBalanceRupees: (n) => ({ lowBalanceRupees: n }),
  creditLimitRupees: (n) => ({ creditLimitRupees: n }),
  callbackPort: (n) => ({ callbackListener: { port: n } }),
  idleMinutes: (n) => ({ lock: { idleMinutes: n } }),
  duplicateOverrideRupees: (n) => ({ lock: { duplicateOverrideRupees: n } }),
};

describe('settings limits, one source', () => {
  it('the schemas take exactly the ranges SETTING_LIMITS gives the Settings screen', () => {
    for (const [name, { min, max }] of Object.entries(SETTING_LIMITS) as [Limit, { min: number; max: number }][]) {
      const at = PATCH[name];
      for (const ok of [min, max]) {
        expect(settingsPatchSchema.safeParse(at(ok)).success, `${name} ${ok}`).toBe(true);
        expect(settingsSchema.safeParse({ version: 1, installPrefix: 'AB12', ...at(ok) }).success, `${name} ${ok}`).toBe(true);
      }
      for (const bad of [min - 1, max + 1, min + 0.5]) {
        expect(settingsPatchSchema.safeParse(at(bad)).success, `${name} ${bad}`).toBe(false);
      }
    }
  });
});
