import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function khataHandlers(ctx: HandlerContext): HandlersFor<'khata'> {
  return {
    'khata:get': async ({ number, lines }) => (await ctx.session()).khata.view(number, lines),
    'khata:pay': async ({ number, rupees, method }) => (await ctx.session()).khata.pay(number, rupees, method),
    // The owner's word is decided here in main: the role, or the owner's PIN typed in the same dialog.
    'khata:correct': async ({ number, id, refId, rupees, ownerPin }) => {
      const khata = (await ctx.session()).khata;
      const needs = khata.correctionNeedsOwner(number, { id, refId }, rupees);
      const ownerWord = needs ? await ctx.lock.ownerWord(ownerPin) : false;
      return khata.correct(number, { id, refId }, rupees, ownerWord);
    },
    'khata:setLimit': async ({ number, rupees }) => (await ctx.session()).khata.setLimit(number, rupees),
    'khata:setLang': async ({ number, lang }) => (await ctx.session()).khata.setLang(number, lang),
    'khata:dues': async () => (await ctx.session()).khata.dues(),
    'khata:reminder': async ({ number }) => (await ctx.session()).khata.reminder(number),
  };
}
