export { ArmingScheduleDialog, armingScheduleText } from './arming-schedule-dialog';
export type { ArmingScheduleDialogProps } from './arming-schedule-dialog';
