export { Dialog, DialogTrigger, DialogContent, DialogFooter, DialogClose } from './dialog';
export type {
  DialogProps,
  DialogTriggerProps,
  DialogContentProps,
  DialogFooterProps,
  DialogCloseProps,
} from './dialog';
