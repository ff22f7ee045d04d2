// Settings every package's Vitest config shares: a JSON report per package, which the workspace's
// test command adds up into one closing line.
export const sharedTestOptions = {
  reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]] as const,
};
