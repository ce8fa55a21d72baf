import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function backupHandlers(ctx: HandlerContext): HandlersFor<'backup'> {
  return {
    'backup:status': async () => (await ctx.session()).backups.status(),
    'backup:run': async () => (await ctx.session()).backups.backup('manual'),
    'backup:setFolder': async ({ path }) => (await ctx.session()).backups.setSecondFolder(path),
    'backup:list': async () => ({ items: await (await ctx.session()).backups.list() }),
    'backup:restore': ({ path }) => ctx.restoreBackup(path),
    'backup:export': async ({ folder }) => (await ctx.session()).backups.exportTo(folder),
    'backup:import': ({ path, confirmAccount }) => ctx.importFromOtherPc(path, confirmAccount === true),
  };
}
