import type { PracticeNumber } from '../../../shared/practice-numbers';
import type { ProviderCredentials } from '../reseller/reseller-client';
import type { BuiltinProfileId } from '../../../shared/profiles/profile-ids';

/** A practice provider account that demo mode talks to, running until closed. */
export interface DemoAccount {
  readonly credentials: ProviderCredentials;
  /** The dialect the practice provider speaks (the document's, unless a trainer picked another). */
  readonly profile: BuiltinProfileId;
  /** The numbers whose recharges always play the same way, for the shopkeeper to practise on. */
  readonly practice: readonly PracticeNumber[];
  close(): Promise<void>;
}

/**
 * Starts the practice provider, keeping its state in `folder` (beside the demo ledger, so demo
 * history still reconciles after a restart). The composition roots hand this in: the core does
 * not know what plays the provider in demo mode (today, the built-in sandbox).
 */
export type DemoProvider = (folder: string) => Promise<DemoAccount>;
