export { CompanyCard } from './company-card';
export type { CompanyCardProps } from './company-card';
