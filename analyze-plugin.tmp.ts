import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
export function analyze() {
  return {
    name: 'analyze',
    generateBundle(options: any, bundle: any) {
      if (!String(options.dir ?? '').includes('client')) return;
      const out: string[] = [];
      for (const chunk of Object.values<any>(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const gz = gzipSync(chunk.code, { level: 9 }).length;
        out.push(`== ${chunk.fileName} raw ${chunk.code.length} gz ${gz} imports ${chunk.imports.join(',')} dyn ${chunk.dynamicImports.join(',')}`);
        const mods = Object.entries<any>(chunk.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength);
        for (const [id, m] of mods.slice(0, 40)) if (m.renderedLength > 300) out.push(`   ${m.renderedLength}\t${id.replace(/.*node_modules\//, 'nm/').replace(/.*wt-web\//, '')}`);
      }
      writeFileSync('/tmp/web-analyze.txt', out.join('\n'));
    },
  };
}
