// Adds to package-lock.json the other platforms' optional rollup and Biome binaries that this
// machine's registry does not serve, so that `npm ci` accepts the lock on every platform.
// npm only reads `os`, `cpu` and `libc` to skip them here; elsewhere it fetches them by
// version. Run after any `npm install` that rewrites the lock: `node scripts/lock-platform-packages.mjs`.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
/** Packages that pick a prebuilt binary per platform, with the prefix of their binaries' names. */
const PLATFORM_PARENTS = [
  { parent: 'rollup', prefix: '@rollup/rollup-' },
  { parent: '@biomejs/biome', prefix: '@biomejs/cli-' },
];

const cpus = { arm: 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

/** "@rollup/rollup-linux-arm-musleabihf" -> { os: linux, cpu: arm, libc: musl } */
function platformOf(name, prefix) {
  const [os, cpu, abi] = name.replace(prefix, '').split('-');
  if (!cpus[cpu]) throw new Error(`unknown cpu in ${name}`);
  const libc = os === 'linux' ? (abi?.startsWith('musl') ? 'musl' : 'glibc') : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const { parent, prefix } of PLATFORM_PARENTS) {
  const entry = lock.packages[`node_modules/${parent}`];
  if (!entry?.optionalDependencies) throw new Error(`${parent} is not in the lock file`);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const { os, cpu, libc } = platformOf(name, prefix);
    lock.packages[key] = {
      version,
      cpu: [cpu],
      dev: entry.dev,
      ...(libc ? { libc: [libc] } : {}),
      license: entry.license ?? 'MIT',
      optional: true,
      os: [os],
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform packages added`);
