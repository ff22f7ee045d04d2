// The public API of @sentinel/ui: an explicit list, so internals stay private.
export { Button } from './button';
export { TextField } from './text-field';
export { Card, CardHeader, CardTitle, CardContent, CardFooter } from './card';
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from './dropdown-menu';
export { Alert } from './alert';
export { Spinner } from './spinner';
export { EmptyState } from './empty-state';
export { PageHeader } from './page-header';
export { Switch } from './switch';
export { Logo } from './logo';
export { Select } from './select';
export { Checkbox } from './checkbox';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './tabs';
export { TabNav } from './tab-nav';
export { Dialog, DialogTrigger, DialogContent, DialogFooter, DialogClose } from './dialog';
export { SearchField } from './search-field';
export { StatusBadge } from './status-badge';
export { InfoCard, personInfoRows, vehicleInfoRows } from './info-card';
export { HistoryCard, CancelledAlertsCard } from './history-card';
export { ClientCard } from './client-card';
export { CompanyCard } from './company-card';
export { UserPicker } from './user-picker';
export { SearchCombobox } from './search-combobox';
export { Stepper } from './stepper';
export { PhoneField } from './phone-field';
export { OtpInput } from './otp-input';
export { PasswordChecklist } from './password-checklist';
export { IdNumberField } from './id-number-field';
export { VehicleCard, formatCoordinates, DEVICE_SEARCH_MIN_LENGTH } from './vehicle-card';
export { ArmingScheduleDialog, armingScheduleText } from './arming-schedule-dialog';
export { VehicleMap, VEHICLE_MAP_ZOOM } from './vehicle-map';
export { TripReplay } from './trip-replay';
export { VirtualList } from './virtual-list';
export { Import, formatDuration } from './import';
export { LiveNotice, LIVE_NOTICE_DURATION_MS } from './live-notice';
export { CommandState } from './command-state';
export { BurnInTestCard } from './burn-in-test-card';
export { BurnInDeviceCard } from './burn-in-device-card';
export { BurnInSummary } from './burn-in-summary';
export { ResponseClock } from './response-clock';
export { AlarmQueueRow } from './alarm-queue-row';
export { AlarmTimeline } from './alarm-timeline';
export {
  GeofenceEditor,
  GeofencePreviewResult,
  geofencePreviewTotals,
  GEOFENCE_PREVIEW_LIST_LIMIT,
} from './geofence-editor';

export type { ButtonProps, ButtonVariant } from './button';
export type { TextFieldProps } from './text-field';
export type { CardProps, CardHeaderProps, CardTitleProps, CardContentProps, CardFooterProps } from './card';
export type {
  DropdownMenuProps,
  DropdownMenuTriggerProps,
  DropdownMenuContentProps,
  DropdownMenuItemProps,
  DropdownMenuSeparatorProps,
} from './dropdown-menu';
export type { AlertProps, AlertVariant } from './alert';
export type { SpinnerProps } from './spinner';
export type { EmptyStateProps } from './empty-state';
export type { PageHeaderProps } from './page-header';
export type { SwitchProps } from './switch';
export type { LogoProps } from './logo';
export type { SelectProps, SelectOption } from './select';
export type { CheckboxProps } from './checkbox';
export type { TabsProps, TabsListProps, TabsTriggerProps, TabsContentProps } from './tabs';
export type { TabNavProps, TabNavItem } from './tab-nav';
export type {
  DialogProps,
  DialogTriggerProps,
  DialogContentProps,
  DialogFooterProps,
  DialogCloseProps,
} from './dialog';
export type { SearchFieldProps } from './search-field';
export type { StatusBadgeProps } from './status-badge';
export type { InfoCardProps, InfoCardMenuItem, InfoRow, PersonInfo, VehicleInfo } from './info-card';
export type { HistoryCardProps, CancelledAlertsCardProps, HistoryEntryView } from './history-card';
export type { ClientCardProps, ClientCardRootProps } from './client-card';
export type { CompanyCardProps } from './company-card';
export type { UserPickerProps, UserPickerOption } from './user-picker';
export type { SearchComboboxProps } from './search-combobox';
export type { StepperProps } from './stepper';
export type { PhoneFieldProps } from './phone-field';
export type { OtpInputProps } from './otp-input';
export type { PasswordChecklistProps, PasswordChecklistItem } from './password-checklist';
export type { IdNumberFieldProps } from './id-number-field';
export type {
  VehicleCardProps,
  VehicleCardRootProps,
  VehicleCardHeaderProps,
  VehicleCardDeviceSerialProps,
  GpsCoordinates,
  DeviceChange,
  DeviceSearchResult,
  VehicleArming,
  ArmControlProps,
} from './vehicle-card';
export type { ArmingScheduleDialogProps } from './arming-schedule-dialog';
export type { VehicleMapProps } from './vehicle-map';
export type { TripReplayProps, TripReplayRootProps } from './trip-replay';
export type { VirtualListProps } from './virtual-list';
export type {
  ImportFieldInfo,
  ImportFileDropProps,
  ImportColumnMappingProps,
  ImportCountsProps,
  ImportPreviewTableProps,
  ImportProgressProps,
} from './import';
export type { LiveNoticeProps, LiveNoticeItem } from './live-notice';
export type { CommandStateProps, CommandStateView } from './command-state';
export type { BurnInTestCardProps } from './burn-in-test-card';
export type { BurnInDeviceCardProps, BurnInDeviceCardRootProps } from './burn-in-device-card';
export type { BurnInSummaryProps } from './burn-in-summary';
export type { ResponseClockProps } from './response-clock';
export type { AlarmQueueRowProps } from './alarm-queue-row';
export type { AlarmTimelineProps } from './alarm-timeline';
export type {
  GeofenceEditorProps,
  GeofencePreviewResultProps,
  GeofenceScopeTarget,
  GeofenceTargetKind,
} from './geofence-editor';
