export { Card, CardHeader, CardTitle, CardContent, CardFooter } from './card';
export type { CardProps, CardHeaderProps, CardTitleProps, CardContentProps, CardFooterProps } from './card';
