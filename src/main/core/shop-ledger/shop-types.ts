import type { z } from 'zod';
import type { shopHistoryRequestSchema, shopReportSchema, shopStatusSchema, shopTxnSchema } from '../../../shared/ipc/shop-schemas';

export type ShopTxn = z.infer<typeof shopTxnSchema>;
export type ShopHistoryRequest = z.output<typeof shopHistoryRequestSchema>;
export type ShopStatus = z.infer<typeof shopStatusSchema>;
export type ShopReport = z.infer<typeof shopReportSchema>;
