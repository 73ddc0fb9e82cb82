import { json } from '@remix-run/node';
import * as domain from '../domain';
import { DISK_FULL_MESSAGE, isDiskFull, type StorageHealth } from './storage-health';

/**
 * The domain as loaders and actions receive it: the same functions, except that a write the
 * storage refused for lack of space is thrown as a 507 response carrying the message, as the
 * /api error handler answers it, and /api/health learns of it. Without this a full disk on a
 * page form showed the generic error page and health kept saying ok.
 */
export function domainForPages(storage: StorageHealth): typeof domain {
  const refuse = (error: unknown): never => {
    if (!isDiskFull(error)) throw error;
    storage.reportFull();
    throw json({ error: DISK_FULL_MESSAGE }, { status: 507 });
  };
  const guard = <F extends (...args: never[]) => unknown>(fn: F): F =>
    function guarded(this: unknown, ...args: Parameters<F>) {
      try {
        const result = fn.apply(this, args);
        return result instanceof Promise ? result.catch(refuse) : result;
      } catch (error) {
        return refuse(error);
      }
    } as F;
  const isClass = (value: unknown) => typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
  const wrapArea = (area: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(area).map(([name, value]) => [name, typeof value === 'function' && !isClass(value) ? guard(value as never) : value]));

  return Object.fromEntries(
    Object.entries(domain).map(([name, value]) => [name, value && typeof value === 'object' ? wrapArea(value as Record<string, unknown>) : value]),
  ) as typeof domain;
}
