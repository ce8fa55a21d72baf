import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function customerHandlers(ctx: HandlerContext): HandlersFor<'customer'> {
  return {
    'customer:get': async ({ number }) => (await ctx.session()).customers.get(number.trim()),
    'customer:save': async (r) => ({ customer: (await ctx.session()).customers.save(r) }),
    'customer:find': async ({ query, limit }) => ({ items: (await ctx.session()).customers.find(query, limit) }),
    'customer:names': async ({ numbers }) => ({ items: (await ctx.session()).customers.names(numbers) }),
    'customer:due': async () => (await ctx.session()).customers.due(),
    'customer:atCounter': async ({ number }) => {
      const { customers, khata } = await ctx.session();
      const n = number.trim();
      return { customer: customers.get(n, 0).customer, regular: customers.nearRegular(n), khataDue: khata.due(n) };
    },
    'customer:validity': async () => (await ctx.session()).customers.validity(),
    'customer:setValidity': async ({ amount, days }) => (await ctx.session()).customers.setValidity(amount, days),
  };
}
