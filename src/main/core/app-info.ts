import type { ResponseOf } from '../../shared/ipc/contract';

export interface AppInfoSource {
  readonly name: string;
  readonly version: string;
  readonly dataDir: string;
  mode(): ResponseOf<'app:info'>['mode'];
}

export function appInfo(source: AppInfoSource): ResponseOf<'app:info'> {
  return { name: source.name, version: source.version, mode: source.mode(), dataDir: source.dataDir };
}
