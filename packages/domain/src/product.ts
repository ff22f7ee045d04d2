/** The product's name, used in page titles such as 'Agent | Sentinel'. */
export const PRODUCT_NAME = 'Sentinel';

/** The agent layout's page title. */
export function agentPageTitle(): string {
  return `Agent | ${PRODUCT_NAME}`;
}
