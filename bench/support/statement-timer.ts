import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Where a pipeline's database time goes: a Kysely plugin (pass `db.withPlugin(timer)` to the code
 * measured) that adds up the time from each statement's compilation to its result, by kind and
 * table ("insert chunks"), and raw SQL by its opening words.
 */
export class StatementTimer implements KyselyPlugin {
  private readonly started = new Map<QueryId, { at: number; label: string }>();
  private readonly totals = new Map<string, { ms: number; count: number }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, { at: performance.now(), label: labelOf(args.node) });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(args.queryId);
    if (start) {
      this.started.delete(args.queryId);
      const total = this.totals.get(start.label) ?? { ms: 0, count: 0 };
      total.ms += performance.now() - start.at;
      total.count += 1;
      this.totals.set(start.label, total);
    }
    return args.result;
  }

  /** The totals since the last call, largest first; the counters start again. */
  take(): Array<{ label: string; ms: number; count: number }> {
    const rows = [...this.totals].map(([label, t]) => ({ label, ...t })).sort((a, b) => b.ms - a.ms);
    this.totals.clear();
    return rows;
  }
}

const VERBS: Record<string, string> = { InsertQueryNode: 'insert', UpdateQueryNode: 'update', DeleteQueryNode: 'delete', SelectQueryNode: 'select' };

function labelOf(node: RootOperationNode): string {
  // Raw SQL by its opening words ("raw: select search_statistics_count_document").
  if (node.kind === 'RawNode') return `raw: ${node.sqlFragments.join('$').replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' ')}`;
  const verb = VERBS[node.kind] ?? node.kind;
  const table =
    node.kind === 'InsertQueryNode'
      ? node.into?.table.identifier.name
      : node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode' || node.kind === 'SelectQueryNode'
        ? tableOf(node.kind === 'UpdateQueryNode' ? node.table : node.from?.froms[0])
        : undefined;
  return table ? `${verb} ${table}` : verb;
}

function tableOf(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } }; froms?: unknown[] } | undefined;
  if (table?.kind === 'TableNode') return table.table?.identifier?.name;
  if (table?.kind === 'FromNode') return tableOf(table.froms?.[0]);
  if (table?.kind === 'AliasNode') return tableOf((table as { node?: unknown }).node);
  return undefined;
}
