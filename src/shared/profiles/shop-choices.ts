import * as z from 'zod';

/**
 * The shop's chosen value per shop value of its profile, as settings and routing.json keep it:
 * only the shape here. Whether a value is one the profile offers is asked when it is read
 * (`chosenShopValues`, chosen-shop-values.ts), because the profile can change after the choice was saved.
 */
export const shopChoicesSchema = z.record(z.string().max(24), z.string().max(40));
export type ShopChoices = z.infer<typeof shopChoicesSchema>;
