// The workspace's task graph and type-check graph follow its package.json dependencies, so a change
// in one package re-runs the checks of everything that reads it and nothing else.
import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { root } from './lib.mjs';
import { expectedReferences, staleConfigs, workspaceProjects } from './typescript-references.mjs';

// turbo reads the whole workspace to plan a dry run: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

function dryRun(...args) {
  const out = execFileSync('pnpm', ['exec', 'turbo', 'run', ...args, '--dry=json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out).tasks;
}

describe('given the TypeScript project references', () => {
  it('match every project’s workspace dependencies', () => {
    expect(staleConfigs()).toEqual([]);
  });

  it('reach the shared tooling config from every project', () => {
    for (const paths of expectedReferences(workspaceProjects()).values()) {
      expect(paths.at(-1)).toMatch(/tsconfig\.tooling\.json$/);
    }
  });
});

describe('given turbo’s test task of a package', () => {
  it('depends on the sources of every package it imports, through the transit node', () => {
    const tasks = new Map(dryRun('test', '--filter=@sentinel/dashboard').map((task) => [task.taskId, task]));
    const reached = new Set();
    const visit = (id) => {
      if (reached.has(id)) return;
      reached.add(id);
      for (const next of tasks.get(id)?.dependencies ?? []) visit(next);
    };
    visit('@sentinel/dashboard#test');
    expect(reached).toContain('@sentinel/domain#transit');
    expect(reached).toContain('@sentinel/ui#transit');
    expect(reached).toContain('@sentinel/api-sdk#transit');
  });

  it('depends on the apps its tests start as processes, which no package.json names', () => {
    const reach = (pkg) => {
      const tasks = new Map(dryRun('test', `--filter=${pkg}`).map((task) => [task.taskId, task]));
      const reached = new Set();
      const visit = (id) => {
        if (reached.has(id)) return;
        reached.add(id);
        for (const next of tasks.get(id)?.dependencies ?? []) visit(next);
      };
      visit(`${pkg}#test`);
      return reached;
    };
    expect(reach('@sentinel/dashboard')).toContain('@sentinel/api#transit');
    const sdk = reach('@sentinel/api-sdk');
    expect(sdk).toContain('@sentinel/api#transit');
    expect(sdk).toContain('@sentinel/test-runner#transit');
  });

  it('ignores the README, which no test reads', () => {
    const [task] = dryRun('test', '--filter=@sentinel/domain');
    const inputs = Object.keys(task.inputs);
    expect(inputs).toContain('src/index.ts');
    expect(inputs).not.toContain('README.md');
  });
});
