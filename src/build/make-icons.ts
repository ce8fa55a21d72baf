import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

// Every icon the three platforms need, from the one source: resources/icon.svg. electron-builder
// turns the 256 px PNG into .ico and the 1024 px PNG into .icns; Linux takes the PNG set.
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const svg = readFileSync(join(root, 'resources/icon.svg'));
const out = join(root, 'out/icons');
mkdirSync(join(out, 'png'), { recursive: true });

const render = (size: number) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
  const png = render(size);
  writeFileSync(join(out, 'png', `${size}x${size}.png`), png);
  if (size === 256 || size === 1024) writeFileSync(join(out, `icon-${size}.png`), png);
}
console.log(`icons written to ${out}`);
