import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes } from 'react';
import { Dialog as Primitive } from 'radix-ui';
import { clsx } from 'clsx';

/* -------------------------------------------------------------------------------------------------
 * Dialog (Root): a modal. Focus trap, Escape, scroll lock and aria-hiding the page come from Radix.
 * -----------------------------------------------------------------------------------------------*/

export type DialogProps = ComponentPropsWithoutRef<typeof Primitive.Root>;

export const Dialog = Primitive.Root;

/* -------------------------------------------------------------------------------------------------
 * DialogTrigger: `asChild` takes a Button (or an icon button) so it keeps the kit's look.
 * -----------------------------------------------------------------------------------------------*/

export type DialogTriggerProps = ComponentPropsWithoutRef<typeof Primitive.Trigger>;

export const DialogTrigger = Primitive.Trigger;

/* -------------------------------------------------------------------------------------------------
 * DialogContent: portalled with its overlay; always titled, optionally described, with a Close button.
 * -----------------------------------------------------------------------------------------------*/

export interface DialogContentProps extends Omit<
  ComponentPropsWithoutRef<typeof Primitive.Content>,
  'title'
> {
  /** The dialog's heading and accessible name, e.g. 'Account holder details'. */
  title: string;
  /** A line under the title that also becomes the dialog's accessible description. */
  description?: string | undefined;
  /** Accessible name of the corner close button. @default 'Close' */
  closeLabel?: string | undefined;
}

export const DialogContent = forwardRef<ComponentRef<typeof Primitive.Content>, DialogContentProps>(
  function DialogContent({ title, description, closeLabel = 'Close', className, children, ...rest }, ref) {
    const hasDescription = description !== undefined && description !== '';
    return (
      <Primitive.Portal>
        <Primitive.Overlay className="sn-dialog__overlay" />
        <Primitive.Content
          ref={ref}
          className={clsx('sn-dialog__content', className)}
          // Without a description Radix must be told so, or it warns about a missing one.
          {...(hasDescription ? {} : { 'aria-describedby': undefined })}
          {...rest}
        >
          <div className="sn-dialog__header">
            <Primitive.Title className="sn-dialog__title">{title}</Primitive.Title>
            <Primitive.Close className="sn-dialog__close" aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </Primitive.Close>
          </div>
          {hasDescription && (
            <Primitive.Description className="sn-dialog__description">{description}</Primitive.Description>
          )}
          <div className="sn-dialog__body">{children}</div>
        </Primitive.Content>
      </Primitive.Portal>
    );
  },
);

/* -------------------------------------------------------------------------------------------------
 * DialogFooter: the row of actions at the bottom (Cancel, Save).
 * -----------------------------------------------------------------------------------------------*/

export type DialogFooterProps = HTMLAttributes<HTMLDivElement>;

export const DialogFooter = forwardRef<HTMLDivElement, DialogFooterProps>(function DialogFooter(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} className={clsx('sn-dialog__footer', className)} {...rest} />;
});

/* -------------------------------------------------------------------------------------------------
 * DialogClose: closes the dialog; `asChild` takes a Button, e.g. Cancel.
 * -----------------------------------------------------------------------------------------------*/

export type DialogCloseProps = ComponentPropsWithoutRef<typeof Primitive.Close>;

export const DialogClose = Primitive.Close;
