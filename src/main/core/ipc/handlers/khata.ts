import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function khataHandlers(ctx: HandlerContext): HandlersFor<'khata'> {
  return {
    'khata:get': async ({ number, lines }) => (await ctx.session()).khata.view(number, lines),
    'khata:pay': async ({ number, rupees, method }) => (await ctx.session()).khata.pay(number, rupees, method),
    'khata:correct': async ({ number, id, refId, rupees }) => (await ctx.session()).khata.correct(number, { id, refId }, rupees),
    'khata:setLimit': async ({ number, rupees }) => (await ctx.session()).khata.setLimit(number, rupees),
    'khata:setLang': async ({ number, lang }) => (await ctx.session()).khata.setLang(number, lang),
    'khata:dues': async () => (await ctx.session()).khata.dues(),
    'khata:reminder': async ({ number }) => (await ctx.session()).khata.reminder(number),
  };
}
