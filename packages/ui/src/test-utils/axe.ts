import axe from 'axe-core';

/**
 * Runs axe-core on rendered DOM and returns its violations as readable lines, so a failing
 * assertion names the rule and the offending markup.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    rules: {
      // 'region' wants all content inside landmarks; a component rendered alone in a test has no
      // page around it, so the rule only makes sense for whole pages (the apps check it there).
      region: { enabled: false },
    },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(', ')})`,
  );
}
