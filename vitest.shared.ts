// Settings every package's Vitest config shares: a JSON report per package, which the workspace's
// test command adds up into one closing line.
import type { InlineConfig } from 'vitest/node';

export const sharedTestOptions: Pick<InlineConfig, 'reporters'> = {
  reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
};
