import type { WeakProtectionQuestion } from '../../../shared/words/weak-protection-words';

/**
 * Asks whoever runs the app whether the token may be stored although this machine can protect it
 * only weakly (Linux basic_text, a plain file). Answered in main, never by the renderer: the app
 * shows a native dialog, the web harness answers its `--accept-weak-token-protection` flag.
 */
export type ConfirmWeakProtection = (question: WeakProtectionQuestion) => Promise<boolean>;
