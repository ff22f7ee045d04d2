import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { DropdownMenu as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

/* -------------------------------------------------------------------------------------------------
 * DropdownMenu (Root): open state, keyboard and focus management come from Radix.
 * -----------------------------------------------------------------------------------------------*/

export type DropdownMenuProps = ComponentPropsWithoutRef<typeof Primitive.Root>;

export const DropdownMenu = Primitive.Root;

/* -------------------------------------------------------------------------------------------------
 * DropdownMenuTrigger
 * -----------------------------------------------------------------------------------------------*/

export type DropdownMenuTriggerProps = ComponentPropsWithoutRef<typeof Primitive.Trigger>;

export const DropdownMenuTrigger = forwardRef<
  ComponentRef<typeof Primitive.Trigger>,
  DropdownMenuTriggerProps
>(function DropdownMenuTrigger({ className, ...rest }, ref) {
  return <Primitive.Trigger ref={ref} className={clsx('sn-menu__trigger', className)} {...rest} />;
});

/* -------------------------------------------------------------------------------------------------
 * DropdownMenuContent: portalled so it escapes headers with overflow hidden.
 * -----------------------------------------------------------------------------------------------*/

export type DropdownMenuContentProps = ComponentPropsWithoutRef<typeof Primitive.Content>;

export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof Primitive.Content>,
  DropdownMenuContentProps
>(function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...rest }, ref) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        className={clsx('sn-menu__content', className)}
        {...rest}
      />
    </Primitive.Portal>
  );
});

/* -------------------------------------------------------------------------------------------------
 * DropdownMenuItem: `asChild` lets an app pass a router Link and keep menu keyboard behaviour.
 * -----------------------------------------------------------------------------------------------*/

export type DropdownMenuItemProps = ComponentPropsWithoutRef<typeof Primitive.Item>;

export const DropdownMenuItem = forwardRef<ComponentRef<typeof Primitive.Item>, DropdownMenuItemProps>(
  function DropdownMenuItem({ className, ...rest }, ref) {
    return <Primitive.Item ref={ref} className={clsx('sn-menu__item', className)} {...rest} />;
  },
);

/* -------------------------------------------------------------------------------------------------
 * DropdownMenuSeparator
 * -----------------------------------------------------------------------------------------------*/

export type DropdownMenuSeparatorProps = ComponentPropsWithoutRef<typeof Primitive.Separator>;

export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof Primitive.Separator>,
  DropdownMenuSeparatorProps
>(function DropdownMenuSeparator({ className, ...rest }, ref) {
  return <Primitive.Separator ref={ref} className={clsx('sn-menu__separator', className)} {...rest} />;
});
