import axe from 'axe-core';

/**
 * Runs axe-core on rendered DOM and returns its violations as readable lines, so a failing
 * assertion names the rule and the offending markup. `rules` adds per-check settings (a story's
 * `parameters.a11y.config.rules`), so jsdom and Storybook's a11y addon check the same things;
 * `only` runs just those rules (a second check of one render, where the rest cannot change).
 */
export async function axeViolations(
  root: Element = document.body,
  rules: ReadonlyArray<{ id: string; enabled?: boolean }> = [],
  only?: readonly string[],
): Promise<string[]> {
  const results = await axe.run(root, {
    ...(only === undefined ? {} : { runOnly: { type: 'rule', values: [...only] } }),
    rules: {
      // 'region' wants all content inside landmarks; a component rendered alone in a test has no
      // page around it, so the rule only makes sense for whole pages (the apps check it there).
      region: { enabled: false },
      ...Object.fromEntries(rules.map((rule) => [rule.id, { enabled: rule.enabled ?? true }])),
    },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(', ')})`,
  );
}
