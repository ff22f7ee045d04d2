import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Tabs as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

/* -------------------------------------------------------------------------------------------------
 * Tabs (Root): in-page tabs. Selection, arrow-key roving focus and ARIA wiring come from Radix.
 * For tabs that are routes, use TabNav (links in a nav) instead.
 * -----------------------------------------------------------------------------------------------*/

export type TabsProps = ComponentPropsWithoutRef<typeof Primitive.Root>;

export const Tabs = forwardRef<ComponentRef<typeof Primitive.Root>, TabsProps>(function Tabs(
  { className, ...rest },
  ref,
) {
  return <Primitive.Root ref={ref} className={clsx('sn-tabs', className)} {...rest} />;
});

/* -------------------------------------------------------------------------------------------------
 * TabsList
 * -----------------------------------------------------------------------------------------------*/

export type TabsListProps = ComponentPropsWithoutRef<typeof Primitive.List>;

export const TabsList = forwardRef<ComponentRef<typeof Primitive.List>, TabsListProps>(function TabsList(
  { className, ...rest },
  ref,
) {
  return <Primitive.List ref={ref} className={clsx('sn-tabs__list', className)} {...rest} />;
});

/* -------------------------------------------------------------------------------------------------
 * TabsTrigger
 * -----------------------------------------------------------------------------------------------*/

export type TabsTriggerProps = ComponentPropsWithoutRef<typeof Primitive.Trigger>;

export const TabsTrigger = forwardRef<ComponentRef<typeof Primitive.Trigger>, TabsTriggerProps>(
  function TabsTrigger({ className, ...rest }, ref) {
    return <Primitive.Trigger ref={ref} className={clsx('sn-tabs__trigger', className)} {...rest} />;
  },
);

/* -------------------------------------------------------------------------------------------------
 * TabsContent
 * -----------------------------------------------------------------------------------------------*/

export type TabsContentProps = ComponentPropsWithoutRef<typeof Primitive.Content>;

export const TabsContent = forwardRef<ComponentRef<typeof Primitive.Content>, TabsContentProps>(
  function TabsContent({ className, ...rest }, ref) {
    return <Primitive.Content ref={ref} className={clsx('sn-tabs__content', className)} {...rest} />;
  },
);
