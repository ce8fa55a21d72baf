import { UserFacingError } from '../../errors/user-facing-error';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function clipboardHandlers(ctx: HandlerContext): HandlersFor<'clipboard'> {
  return {
    'clipboard:write': async ({ text }) => {
      try {
        await ctx.clipboard.write(text);
      } catch {
        throw new UserFacingError('clipboard_failed', {});
      }
      return { copied: true as const };
    },
  };
}
