import { listFolder } from '../../files/list-folder';
import type { HandlerContext } from '../handler-context';
import type { HandlersFor } from './handlers-for';

export function filesHandlers(ctx: HandlerContext): HandlersFor<'files'> {
  return {
    'files:choose': ({ kind, start }) => ctx.pathChooser.choose(kind, start),
    'files:list': async ({ folder }) => listFolder(folder),
  };
}
