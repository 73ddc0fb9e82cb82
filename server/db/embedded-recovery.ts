import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database after its disk filled (ADR 0305). A write PGlite cannot make (ENOSPC on
 * the write-ahead log, on a checkpoint) leaves its one backend in a state no later statement
 * leaves: every query after it fails ("XLogBeginInsert was already called", "unexpected state
 * STARTED") or never returns, even once space is freed. So the failed write itself is watched,
 * at the filesystem PGlite writes through, and the instance that saw it is retired: it writes
 * nothing more, and the next statement runs on a new instance over the same data folder, which
 * recovers from the write-ahead log like any restart. While the disk is still full that start
 * fails and the statement fails as disk full (507); once space returns it succeeds.
 */

// The WebAssembly filesystem's errno values (WASI): no space, quota exceeded.
const WASI_ENOSPC = 51;
const WASI_EDQUOT = 19;

type EmscriptenFS = { write: (...args: any[]) => number; ErrnoError: new (errno: number) => Error };
type PostgresModule = { FS: EmscriptenFS; preRun?: Array<(mod: any) => void> };

/** The data folder's filesystem: tells `onDiskFull` when a write fails for want of space. */
export class DiskWatchingFS extends NodeFS {
  private retired = false;
  constructor(
    dataDir: string,
    private readonly onDiskFull: () => void,
  ) {
    super(dataDir);
  }

  get isRetired(): boolean {
    return this.retired;
  }

  /** From now on every write fails (as disk full): a broken instance must not touch the folder a new one opens. */
  retire() {
    this.retired = true;
  }

  override async init(pg: PGlite, opts: Partial<PostgresModule>) {
    const { emscriptenOpts } = await super.init(pg, opts as never);
    const watch = (mod: PostgresModule) => {
      const FS = mod.FS;
      const write = FS.write.bind(FS);
      FS.write = (...args: unknown[]) => {
        if (this.retired) throw new FS.ErrnoError(WASI_ENOSPC);
        try {
          return write(...args);
        } catch (error) {
          const errno = (error as { errno?: number }).errno;
          if (errno === WASI_ENOSPC || errno === WASI_EDQUOT) this.onDiskFull();
          throw error;
        }
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...((emscriptenOpts as PostgresModule).preRun ?? []), watch] } };
  }
}

/** Starts an instance over the data folder, its filesystem reporting a full disk to `onDiskFull`. */
export type OpenInstance = (onDiskFull: () => void, restart: boolean) => { fs: DiskWatchingFS; pglite: Promise<PGlite> };

// PGlite's methods that reach the database; each runs on the instance current when it is called.
const DATABASE_METHODS = new Set(['query', 'exec', 'transaction', 'unlisten', 'sql', 'describeQuery', 'dumpDataDir', 'execProtocol', 'execProtocolRaw']);

type Notify = (payload: string) => void;
/** A LISTEN made through the instance's proxy: made again on every new instance (pg-boss's wake-ups). */
interface Subscription {
  channel: string;
  callback: Notify;
  unsubscribe: () => Promise<void>;
}

const diskFullError = (what: string, cause?: unknown) => Object.assign(new Error(`No space left on device: ${what}`, { cause }), { code: 'ENOSPC' });

export class RecoveringInstance {
  private current: { pglite: PGlite; fs: DiskWatchingFS } | null = null;
  private starting: Promise<PGlite> | null = null;
  private readonly subscriptions = new Set<Subscription>();
  /** Calls through the proxy not yet settled: a relaunch waits for none to run. */
  private inFlight = 0;
  private whenIdle: (() => void) | null = null;
  private relaunching: Promise<void> | null = null;
  /** When an instance last started again after the disk filled (ms), or null. */
  recoveredAt: number | null = null;

  private constructor(private readonly open: OpenInstance) {}

  static async start(open: OpenInstance): Promise<RecoveringInstance> {
    const instance = new RecoveringInstance(open);
    await instance.launch(false);
    return instance;
  }

  /**
   * Starts an instance. A write that fails for want of space retires it at once, whether it was
   * starting (PGlite's start never settles after one) or running.
   */
  private async launch(restart: boolean): Promise<PGlite> {
    let refuseStart: (error: unknown) => void = () => {};
    const fullWhileStarting = new Promise<never>((_resolve, reject) => (refuseStart = reject));
    let watched: DiskWatchingFS | null = null;
    const onDiskFull = () => {
      watched?.retire();
      if (this.current?.fs === watched) this.current = null;
      refuseStart(diskFullError('the embedded database could not start'));
    };
    const opened = this.open(onDiskFull, restart);
    watched = opened.fs;
    opened.pglite.catch(() => undefined);
    const pglite = await Promise.race([opened.pglite, fullWhileStarting]);
    for (const subscription of this.subscriptions) subscription.unsubscribe = await pglite.listen(subscription.channel, subscription.callback);
    this.current = { pglite, fs: opened.fs };
    return pglite;
  }

  /**
   * Closes the running instance and starts a new one over the same folder, as a restart would:
   * PGlite's WebAssembly heap never shrinks, so every page a large piece of work touched stays
   * resident until the instance is gone (ADR 0356). Calls made meanwhile wait for the new
   * instance; calls under way (a transaction included) finish on the old one first. LISTENs made
   * through the proxy are made again on the new instance.
   */
  relaunch(): Promise<void> {
    this.relaunching ??= (async () => {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.whenIdle = resolve));
      this.whenIdle = null;
      await this.starting?.catch(() => undefined);
      const running = this.current;
      this.current = null;
      await running?.pglite.close();
      await this.launch(true);
    })().finally(() => {
      this.relaunching = null;
    });
    return this.relaunching;
  }

  /** Runs a call on the current instance, after any relaunch under way, counted while it runs. */
  private async run<T>(call: (pglite: PGlite) => Promise<T>): Promise<T> {
    while (this.relaunching) await this.relaunching.catch(() => undefined);
    this.inFlight++;
    try {
      return await call(await this.use());
    } finally {
      if (--this.inFlight === 0) this.whenIdle?.();
    }
  }

  private async listen(channel: string, callback: Notify): Promise<() => Promise<void>> {
    const subscription: Subscription = { channel, callback, unsubscribe: async () => {} };
    await this.run(async (pglite) => {
      subscription.unsubscribe = await pglite.listen(channel, callback);
      this.subscriptions.add(subscription);
    });
    return () =>
      this.run(async () => {
        this.subscriptions.delete(subscription);
        await subscription.unsubscribe();
      });
  }

  /**
   * The instance to run a statement on: the running one, or a new one over the same folder.
   * Statements that arrive while one starts share that start; on a disk still full it fails at
   * its first write, so each request costs one short attempt and the first after space returns
   * succeeds.
   */
  async use(): Promise<PGlite> {
    if (this.current) return this.current.pglite;
    if (this.starting) return this.starting;
    this.starting = this.launch(true)
      .then((pglite) => {
        this.recoveredAt = Date.now();
        return pglite;
      })
      .catch((error: unknown) => {
        throw diskFullError('the embedded database could not start', error);
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** A PGlite for Kysely and pg-boss: each call goes to the instance that is current then. */
  asPglite(): PGlite {
    return new Proxy({} as PGlite, {
      get: (_target, property) => {
        if (property === 'listen') return (channel: string, callback: Notify) => this.listen(channel, callback);
        if (typeof property === 'string' && DATABASE_METHODS.has(property)) {
          return (...args: unknown[]) =>
            this.run((pglite) => {
              const running = this.current;
              if (property === 'transaction') {
                const body = args[0] as (tx: object) => Promise<unknown>;
                args = [(tx: object) => body(statementsAsDiskFull(tx, () => running?.fs.isRetired === true))];
              }
              return asDiskFull(
                () => (pglite as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[property](...args),
                () => running?.fs.isRetired === true,
              );
            });
        }
        if (property === 'close') return () => this.close();
        const pglite = this.current?.pglite;
        const value = pglite ? Reflect.get(pglite, property) : undefined;
        return typeof value === 'function' ? value.bind(pglite) : value;
      },
    });
  }

  async close(): Promise<void> {
    await this.relaunching?.catch(() => undefined);
    await this.starting?.catch(() => undefined);
    const running = this.current;
    this.current = null;
    await running?.pglite.close();
  }
}

/**
 * What a statement failed with on an instance retired for a full disk: whatever the backend said
 * ("XLogBeginInsert was already called"), the cause was the disk, and the caller answers 507.
 */
async function asDiskFull<T>(run: () => Promise<T>, retired: () => boolean): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!retired()) throw error;
    throw diskFullError('the embedded database could not write', error);
  }
}

/** A transaction whose statements fail as disk full once their instance is retired for it. */
function statementsAsDiskFull(tx: object, retired: () => boolean): object {
  return new Proxy(tx, {
    get: (target, property, receiver) => {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return result instanceof Promise ? asDiskFull(() => result, retired) : result;
      };
    },
  });
}
