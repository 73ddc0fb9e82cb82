// Adds to package-lock.json the other platforms' optional rollup binaries that this
// machine's registry does not serve, so that `npm ci` accepts the lock on every platform.
// npm only reads `os`, `cpu` and `libc` to skip them here; elsewhere it fetches them by
// version. Run after any `npm install` that rewrites the lock: `node scripts/lock-platform-packages.mjs`.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const rollup = lock.packages['node_modules/rollup'];
if (!rollup?.optionalDependencies) throw new Error('rollup is not in the lock file');

const cpus = { arm: 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

/** "@rollup/rollup-linux-arm-musleabihf" -> { os: linux, cpu: arm, libc: musl } */
function platformOf(name) {
  const [os, cpu, abi] = name.replace('@rollup/rollup-', '').split('-');
  if (!cpus[cpu]) throw new Error(`unknown cpu in ${name}`);
  const libc = os === 'linux' ? (abi?.startsWith('musl') ? 'musl' : 'glibc') : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [name, version] of Object.entries(rollup.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const { os, cpu, libc } = platformOf(name);
  lock.packages[key] = {
    version,
    cpu: [cpu],
    dev: rollup.dev,
    ...(libc ? { libc: [libc] } : {}),
    license: 'MIT',
    optional: true,
    os: [os],
  };
  added += 1;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform packages added`);
