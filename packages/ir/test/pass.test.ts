/** The pass manager: registered pass pipelines expand in place, with their options. */
import { describe, expect, it } from 'vitest';
import { PassManager, PassRegistry, parseString } from '@lifeline/ir';
import { createRegistry } from '@lifeline/dialects';

describe('registered pass pipelines', () => {
  it('splice their passes into the pipeline, in order, with options', () => {
    const registry = new PassRegistry();
    const ran: string[] = [];
    const tagger = (argument: string) => ({
      argument, name: argument.toUpperCase(), description: argument,
      options: [{ name: 'tag', description: 'tag', type: 'string' as const, default: '-' }],
      run(_op: unknown, ctx: { options: Record<string, unknown> }) {
        ran.push(`${argument}:${String(ctx.options.tag)}`);
      },
    });
    registry.register(tagger('first'));
    registry.register(tagger('second'));
    registry.register({
      argument: 'both', name: 'Both', description: 'both passes',
      options: [{ name: 'tag', description: 'tag', type: 'string', default: 'd' }],
      pipeline: (o) => `first{tag=${String(o.tag)}},second`,
      run() { throw new Error('never runs'); },
    });
    const module = parseString('module {}', createRegistry());
    const dumps: string[] = [];
    const pm = PassManager.parse(['builtin.module(both{tag=x},first)'], registry);
    const result = pm.run(module, { printIrAfterAll: true, log: (s) => dumps.push(s.split('\n')[0]!) });
    expect(result.ok).toBe(true);
    expect(ran).toEqual(['first:x', 'second:-', 'first:-']);
    expect(dumps).toEqual([
      '// -----// IR Dump After FIRST (first) //----- //',
      '// -----// IR Dump After SECOND (second) //----- //',
      '// -----// IR Dump After FIRST (first) //----- //',
    ]);
  });
});
