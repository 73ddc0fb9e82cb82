import base from './vite.config';
import { analyze } from './analyze-plugin.tmp';
export default { ...base, plugins: [...(base as any).plugins, analyze()] };
